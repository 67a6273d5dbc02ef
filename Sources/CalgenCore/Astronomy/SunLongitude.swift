import Foundation

/// The Sun's apparent geocentric longitude, after J. Meeus, Astronomical Algorithms (2nd ed.),
/// chapter 25 "higher accuracy": the Earth's heliocentric longitude from VSOP87D, turned
/// geocentric (+180°), converted to the FK5 frame (−0.09033″), corrected for nutation in
/// longitude and for aberration (−20.4898″ / R).
enum SunLongitude {
    /// Julian Ephemeris Day of J2000.0 (2000-01-01 12:00 TT).
    static let j2000 = 2_451_545.0

    /// The apparent longitude in degrees, 0 ..< 360, at a Julian Ephemeris Day (TT).
    static func apparent(atJDE jde: Double) -> Double {
        let tau = (jde - j2000) / 365_250
        let l = series(VSOP87Earth.longitude, tau)
        let r = series(VSOP87Earth.radius, tau)
        let geometric = l * 180 / .pi + 180
        let fk5 = -0.09033 / 3600
        let aberration = -20.4898 / 3600 / r
        let longitude = geometric + fk5 + nutation(centuries: tau * 10) + aberration
        return normalized(longitude)
    }

    /// The Julian Ephemeris Day (TT) at which the apparent longitude equals `degrees`, searched
    /// from an estimate within a few days of the answer.
    static func instant(ofLongitude degrees: Double, near estimate: Double) -> Double {
        var jde = estimate
        for _ in 0..<12 {
            // The Sun moves about 360° in 365.2422 days.
            let difference = signedDifference(degrees, apparent(atJDE: jde))
            jde += difference * 365.2422 / 360
            if abs(difference) < 1e-9 { break }
        }
        return jde
    }

    /// Σ τⁿ · Σ A·cos(B + C·τ) × 1e-8.
    private static func series(_ series: [[VSOP87Earth.Term]], _ tau: Double) -> Double {
        var value = 0.0
        var power = 1.0
        for terms in series {
            var sum = 0.0
            for term in terms { sum += term.amplitude * cos(term.phase + term.frequency * tau) }
            value += sum * power
            power *= tau
        }
        return value * 1e-8
    }

    /// The nutation in longitude, Δψ, in degrees.
    private static func nutation(centuries t: Double) -> Double {
        let radians = Double.pi / 180
        let d = (297.85036 + 445_267.111480 * t) * radians
        let m = (357.52772 + 35_999.050340 * t) * radians
        let mp = (134.96298 + 477_198.867398 * t) * radians
        let f = (93.27191 + 483_202.017538 * t) * radians
        let om = (125.04452 - 1934.136261 * t) * radians
        var sum = 0.0
        for term in NutationTerm.longitude {
            let argument = term.d * d + term.m * m + term.mp * mp + term.f * f + term.om * om
            sum += (term.coefficient + term.rate * t) * sin(argument)
        }
        return sum * 1e-4 / 3600
    }

    private static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// `target − value` in −180 ..< 180.
    private static func signedDifference(_ target: Double, _ value: Double) -> Double {
        normalized(target - value + 180) - 180
    }
}
