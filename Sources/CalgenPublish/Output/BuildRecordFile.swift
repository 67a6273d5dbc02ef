import CalgenRecord
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one file a build keeps beside the output, its `BuildRecord`, is written by the output
/// room, like every other file a build leaves; the previous-output room only reads it.
package enum BuildRecordFile {
    /// Writes `record` as the record of `output`, whole or not at all: a new file under a random
    /// name created with `O_EXCL | O_NOFOLLOW` beside it (`ExclusiveTemporaryFile`), renamed over
    /// the old one, so that a file or symbolic link planted at a predictable name is never
    /// written through. Then the files earlier calgen versions kept there instead go. One that
    /// cannot be written only costs the next build time.
    /// `files`, when given, are the record's files (sorted by path) instead of its `artifacts`.
    package static func write(_ record: BuildRecord, forOutput output: String, files: [RecordedFile]? = nil) {
        write(files.map(record.encoded(files:)) ?? record.encoded, to: BuildRecord.path(forOutput: output))
        for former in BuildRecord.formerFiles(forOutput: output) { unlink(former) }
    }

    /// Once a swap retired the output the record beside it describes, keeps that record as the
    /// retired one (`RetiredRecord`), for the next build to list the retired tree by. Called
    /// before the new record is written.
    package static func retire(forOutput output: String) {
        let path = BuildRecord.path(forOutput: output)
        let retired = RetiredRecord.path(forOutput: output)
        if rename(path, retired) != 0 { unlink(retired) }
    }

    /// Writes `bytes` at `path` whole or not at all (as above).
    static func write(_ bytes: [UInt8], to path: String) {
        ExclusiveTemporaryFile.replace(path, with: bytes, tag: "tmp")
    }
}
