import CQRencode

/// A QR code (ISO/IEC 18004, by libqrencode) as the `d` of one SVG path: a unit square per dark
/// module, with the quiet zone of four modules around the symbol inside `size`. Only digits and
/// path letters, so a template may print it as it is.
struct QRCode: Sendable {
    /// The width and height of the drawing, quiet zone included, in modules.
    let size: Int
    /// The SVG path of the dark modules.
    let path: String

    /// The quiet zone the standard asks for around the symbol.
    static let quietZone = 4

    /// `text` at error correction level M (15% of the symbol may be lost), in 8-bit mode; `nil`
    /// when libqrencode cannot encode it (text longer than a symbol holds).
    init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = code.pointee.data!
        var path = ""
        for y in 0..<width {
            var x = 0
            while x < width {
                // One rectangle per run of dark modules in a row.
                guard data[y * width + x] & 1 == 1 else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < width, data[y * width + x + run] & 1 == 1 { run += 1 }
                path += "M\(x + QRCode.quietZone) \(y + QRCode.quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        self.size = width + 2 * QRCode.quietZone
        self.path = path
    }
}
