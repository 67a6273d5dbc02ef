import CalgenModel

/// The memory counterpart of `StagedOutput`: carries out a plan over the files of the previous
/// build held in memory, giving every file of the next output.
package enum MemoryOutput {
    /// Every file of the output `plan` describes, sorted by path. Files the plan keeps come from
    /// `previous`; a kept file that is not there is an error, as a missing one is on the disk.
    package static func apply(_ plan: OutputPlan, previous: [String: [UInt8]]) throws(OutputError) -> (
        files: [OutputFile], applied: AppliedPlan
    ) {
        var files = [OutputFile]()
        files.reserveCapacity(plan.files.count)
        var applied = AppliedPlan()
        for file in plan.files {
            switch file.source {
            case .staged:
                throw OutputError(path: file.path, reason: "a build into memory found a file written to a staging directory")
            case .bytes(let bytes):
                files.append(OutputFile(path: file.path, bytes: bytes))
                applied.written += 1
                applied.bytesWritten += bytes.count
            case .unchanged(let bytes):
                files.append(OutputFile(path: file.path, bytes: bytes))
                applied.linked += 1
            case .kept:
                guard let bytes = previous[file.path], bytes.count == file.size else {
                    throw OutputError(path: file.path, reason: "the previous build held in memory has no such file to keep")
                }
                files.append(OutputFile(path: file.path, bytes: bytes))
                applied.linked += 1
            }
        }
        return (files, applied)
    }
}
