import ArgumentParser

/// The named benchmark sizes (S is the bundled content, which needs no generating).
enum SiteSize: String, ExpressibleByArgument {
    case m = "M"
    case l = "L"

    var notes: Int { self == .m ? 500 : 2_000 }
    var subscribers: Int { self == .m ? 1_000 : 10_000 }
}
