/// The nearest CSS colour name for an `#RRGGBB` colour: RFC 7986's `COLOR` takes a name.
package enum CSSColor {
    static let names: [(String, UInt32)] = [
        ("black", 0x000000), ("silver", 0xC0C0C0), ("gray", 0x808080), ("white", 0xFFFFFF), ("maroon", 0x800000),
        ("red", 0xFF0000), ("purple", 0x800080), ("fuchsia", 0xFF00FF), ("green", 0x008000), ("lime", 0x00FF00),
        ("olive", 0x808000), ("yellow", 0xFFFF00), ("navy", 0x000080), ("blue", 0x0000FF), ("teal", 0x008080),
        ("aqua", 0x00FFFF), ("orange", 0xFFA500), ("crimson", 0xDC143C), ("firebrick", 0xB22222), ("tomato", 0xFF6347),
        ("coral", 0xFF7F50), ("gold", 0xFFD700), ("darkorange", 0xFF8C00), ("forestgreen", 0x228B22),
        ("seagreen", 0x2E8B57), ("royalblue", 0x4169E1), ("steelblue", 0x4682B4), ("dodgerblue", 0x1E90FF),
        ("slateblue", 0x6A5ACD), ("indigo", 0x4B0082), ("orchid", 0xDA70D6), ("hotpink", 0xFF69B4),
        ("deeppink", 0xFF1493), ("chocolate", 0xD2691E), ("sienna", 0xA0522D), ("brown", 0xA52A2A),
        ("darkgreen", 0x006400), ("darkcyan", 0x008B8B), ("darkslategray", 0x2F4F4F), ("turquoise", 0x40E0D0),
        ("skyblue", 0x87CEEB), ("salmon", 0xFA8072), ("khaki", 0xF0E68C), ("plum", 0xDDA0DD),
    ]

    /// `#D33F49` → `crimson`.
    package static func nearestName(toHex hex: String) -> String? {
        guard hex.count == 7, let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        func channels(_ v: UInt32) -> (Int, Int, Int) { (Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v & 0xFF)) }
        let (r, g, b) = channels(value)
        return names.min { a, c in
            let (r1, g1, b1) = channels(a.1)
            let (r2, g2, b2) = channels(c.1)
            let d1 = (r - r1) * (r - r1) + (g - g1) * (g - g1) + (b - b1) * (b - b1)
            let d2 = (r - r2) * (r - r2) + (g - g2) * (g - g2) + (b - b2) * (b - b2)
            return d1 < d2
        }?.0
    }
}
