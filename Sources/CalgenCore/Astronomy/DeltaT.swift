/// ΔT = TT − UT, the difference between the uniform time of the ephemeris and the clock
/// time of the Earth's rotation, in seconds.
///
/// The polynomial expressions of F. Espenak and J. Meeus ("Five Millennium Canon of Solar
/// Eclipses", NASA/TP-2006-214141, section 2.6) for 1900–2150. For the years before 2005 they
/// fit the observed values within a second; later ones are a prediction (off by about 6 s in
/// 2026), which moves a solar-term instant by as much, not its date.
enum DeltaT {
    /// ΔT in seconds at a decimal year (2026.5 is mid-2026).
    static func seconds(atYear y: Double) -> Double {
        switch y {
        case ..<1920:
            let t = y - 1900
            return -2.79 + 1.494119 * t - 0.0598939 * t * t + 0.0061966 * t * t * t - 0.000197 * t * t * t * t
        case ..<1941:
            let t = y - 1920
            return 21.20 + 0.84493 * t - 0.076100 * t * t + 0.0020936 * t * t * t
        case ..<1961:
            let t = y - 1950
            return 29.07 + 0.407 * t - t * t / 233 + t * t * t / 2547
        case ..<1986:
            let t = y - 1975
            return 45.45 + 1.067 * t - t * t / 260 - t * t * t / 718
        case ..<2005:
            let t = y - 2000
            let t2 = t * t
            return 63.86 + 0.3345 * t - 0.060374 * t2 + 0.0017275 * t2 * t + 0.000651814 * t2 * t2
                + 0.00002373599 * t2 * t2 * t
        case ..<2050:
            let t = y - 2000
            return 62.92 + 0.32217 * t + 0.005589 * t * t
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        }
    }
}
