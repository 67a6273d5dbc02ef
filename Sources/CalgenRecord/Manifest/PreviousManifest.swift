import CalgenCore

/// Reading a manifest of an earlier build, which is untrusted input: bounded in size and
/// nesting, every problem with the same fix.
enum PreviousManifest {
    static let fix = "restore the last published manifest (or remove it to start again at version 1)"

    /// Parses a previous manifest as loose JSON (bounded in size and nesting), for
    /// `Manifest.validated` and `FeedManifest.validated`.
    static func parse(_ bytes: [UInt8], file: String, what: String, limit: Int) throws(ContentErrors) -> JSONValue {
        guard bytes.count <= limit else {
            throw ContentErrors(
                Diagnostic(
                    file: file, message: "\(what) is larger than \(limit >> 20) MiB (\(bytes.count) bytes)",
                    fix: PreviousManifest.fix))
        }
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw ContentErrors(
                Diagnostic(
                    file: file,
                    message:
                        "\(what) does not follow the schema: it is not valid JSON: \(error.detail) (line \(error.line), column \(error.column))",
                    fix: PreviousManifest.fix))
        }
    }
}
