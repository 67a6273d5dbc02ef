/// Lines of tab-separated fields over the bytes of a record.
package struct RecordReader {
    let buffer: UnsafeBufferPointer<UInt8>
    var position = 0

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The next line's fields as ranges of the buffer; `nil` at the end.
    mutating func line() -> [Range<Int>]? {
        var fields = [Range<Int>]()
        fields.reserveCapacity(5)
        return line(into: &fields) ? fields : nil
    }

    /// The next line's fields into `fields` (its storage kept from line to line); false at the end.
    mutating func line(into fields: inout [Range<Int>]) -> Bool {
        guard position < buffer.count else { return false }
        fields.removeAll(keepingCapacity: true)
        var from = position
        while position < buffer.count && buffer[position] != 0x0A {
            if buffer[position] == 0x09 {
                fields.append(from..<position)
                from = position + 1
            }
            position += 1
        }
        fields.append(from..<position)
        position += 1
        return true
    }

    /// Whether the field is `word`, compared byte by byte.
    func field(_ range: Range<Int>, is word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount
            && word.withUTF8Buffer { UnsafeBufferPointer(rebasing: buffer[range]).elementsEqual($0) }
    }

    /// The field as text; `nil` when it is not valid UTF-8.
    func text(_ range: Range<Int>) -> String? {
        RecordReader.text(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The bytes as text; `nil` when they are not valid UTF-8.
    package static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Most fields are ASCII, valid as they are.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The first field of a line when it names one of the record's kinds of line, without making
    /// a string of it.
    func kind(_ range: Range<Int>) -> LineKind? {
        LineKind.allCases.first { field(range, is: $0.word) }
    }

    /// Whether a `folder` or `input` line reads as `BuildRecord.add` reads it, without keeping
    /// anything of it (any other kind is checked by adding it to a record of its own).
    func holds(_ fields: [Range<Int>], _ kind: LineKind) -> Bool {
        switch (kind, fields.count) {
        case (.folder, 3): return isText(fields[1]) && stamp(fields[2]) != nil
        case (.input, 5):
            return isText(fields[1]) && isText(fields[2]) && numbers(fields[3])?.count == 5
                && digest(fields[4], orNone: false) != nil
        case (.folder, _), (.input, _): return false
        default:
            var scratch = BuildRecord()
            return scratch.add(fields, self)
        }
    }

    /// Whether the field is valid UTF-8.
    private func isText(_ range: Range<Int>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        return bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    /// The kinds of line of a record, by their first field.
    package enum LineKind: CaseIterable {
        case file, folder, input, subscriber, subscribers, note, notes, inputs, report

        var word: StaticString {
            switch self {
            case .file: "file"
            case .folder: "folder"
            case .input: "input"
            case .subscriber: "subscriber"
            case .subscribers: "subscribers"
            case .note: "note"
            case .notes: "notes"
            case .inputs: "inputs"
            case .report: "report"
            }
        }
    }

    /// The field when it is a SHA-256 in 64 lower-case hex digits (or, with `orNone`, `-`).
    func digest(_ range: Range<Int>, orNone: Bool) -> String? {
        if orNone && range.count == 1 && buffer[range.lowerBound] == 0x2D { return "-" }
        guard range.count == 64,
            buffer[range].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return text(range)
    }

    /// The space-separated decimal numbers of a field (each may start with `-`); `nil` when it
    /// holds anything else.
    func numbers(_ range: Range<Int>) -> [Int64]? {
        var numbers = [Int64]()
        numbers.reserveCapacity(5)
        return forEachNumber(range, { numbers.append($0) }) ? numbers : nil
    }

    /// The field's four numbers as a stamp (`device inode size modified`), read as `numbers`
    /// reads them but into no array; `nil` when the field holds anything else.
    func stamp(_ range: Range<Int>) -> BuildRecord.Stamp? {
        var values: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        var count = 0
        let read = forEachNumber(range) { value in
            switch count {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
            count += 1
        }
        guard read, count == 4 else { return nil }
        return BuildRecord.Stamp(device: values.0, inode: values.1, size: values.2, modified: values.3)
    }

    /// Calls `body` with each space-separated decimal number of a field (each may start with
    /// `-`), in order; false when the field holds anything else (then `body` may have been
    /// called for the numbers before the fault).
    private func forEachNumber(_ range: Range<Int>, _ body: (Int64) -> Void) -> Bool {
        var value: Int64 = 0
        var negative = false
        var digits = 0
        for i in range.lowerBound...range.upperBound {
            let byte: UInt8 = i < range.upperBound ? buffer[i] : 0x20
            switch byte {
            case 0x30...0x39:
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 0x30))
                guard !overflowTimes, !overflowSum, digits < 19 else { return false }
                (value, digits) = (sum, digits + 1)
            case 0x2D where digits == 0 && !negative:
                negative = true
            case 0x20:
                guard digits > 0 else { return false }
                body(negative ? -value : value)
                (value, negative, digits) = (0, false, 0)
            default:
                return false
            }
        }
        return true
    }
}
