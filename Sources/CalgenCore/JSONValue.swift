/// A parsed JSON document, kept loose so that validation can report every
/// problem with its path instead of stopping at the first one.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short description for "expected …, found …" messages.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(n.formatted)"
        case .string(let s):
            // Long values are cut: a message quotes input, it does not repeat it.
            return "the string \"\(s.count > 80 ? s.prefix(80) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Parses `data`, or explains where the syntax is broken: the line and column of the first
    /// problem. Stricter than RFC 8259 in two ways that matter for hand-edited content: a key
    /// that appears twice in one object is an error (readers disagree on which one wins), and
    /// nesting is limited to `Limits.jsonDepth` and the count of values to `Limits.jsonValues`. A UTF-8 byte order mark is skipped.
    public static func parse(_ data: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: data)
        return try parser.document()
    }
}

/// Where a JSON document stops being JSON.
public struct JSONSyntaxError: Error, Equatable {
    public var line: Int
    public var column: Int
    public var detail: String

    /// 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return (line, column)
    }
}

/// A recursive-descent JSON reader over bytes (RFC 8259), bounded in depth.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    var values = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let value = try self.value()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the end of the document") }
        return value
    }

    func error(_ detail: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = JSONSyntaxError.lineAndColumn(of: offset ?? index, in: bytes)
        return JSONSyntaxError(line: line, column: column, detail: detail)
    }

    func byte(is ascii: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: ascii)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the document ends where a value should be") }
        values += 1
        if values > Limits.jsonValues { throw error("the document holds more than \(Limits.jsonValues) values") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character where a value should be")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw error("unexpected character in \"\(word)\"") }
            index += 1
        }
    }

    /// Opens an array or object; `close` is its closing bracket.
    mutating func open() throws(JSONSyntaxError) {
        depth += 1
        if depth > Limits.jsonDepth { throw error("arrays and objects are nested more than \(Limits.jsonDepth) deep") }
        index += 1
        skipWhitespace()
    }

    /// After an item: `true` when another follows, `false` at the closing bracket.
    mutating func next(closing: Unicode.Scalar, inside what: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("the document ends inside \(what)") }
        if byte(is: ",") {
            index += 1
            return true
        }
        guard byte(is: closing) else { throw error("expected \",\" or \"\(closing)\"") }
        index += 1
        depth -= 1
        return false
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try open()
        var fields = [String: JSONValue]()
        if byte(is: "}") {
            index += 1
            depth -= 1
            return .object(fields)
        }
        repeat {
            skipWhitespace()
            guard byte(is: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try string()
            skipWhitespace()
            guard byte(is: ":") else { throw error("expected \":\" after the key") }
            index += 1
            let item = try value()
            if fields.updateValue(item, forKey: key) != nil {
                throw error("the key \"\(key)\" appears twice in this object", at: keyStart)
            }
        } while try next(closing: "}", inside: "an object")
        return .object(fields)
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try open()
        var items = [JSONValue]()
        if byte(is: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        repeat {
            items.append(try value())
        } while try next(closing: "]", inside: "an array")
        return .array(items)
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if byte(is: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw error("a number must not start with 0", at: integerStart)
        }
        if byte(is: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if byte(is: "e") || byte(is: "E") {
            index += 1
            if byte(is: "+") || byte(is: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            throw error("the number is too large", at: start)
        }
        return number
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        // Most strings hold no escape: their bytes, checked on the way, are the string.
        let start = index
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if current < 0x20 || current == UInt8(ascii: "\\") { break }
            if current >= 0x80 {
                guard let length = JSONParser.utf8Length(bytes, at: index) else { break }
                index += length
                continue
            }
            index += 1
        }
        // An escape, or a fault: read again from the start, scalar by scalar.
        index = start
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if current < 0x20 { throw error("a control character must be escaped inside a string") }
            if current >= 0x80 {
                guard let length = JSONParser.utf8Length(bytes, at: index) else { throw error("the file is not valid UTF-8") }
                index += length
                continue
            }
            guard current == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw error("a high surrogate must be followed by a low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("a high surrogate must be followed by a low surrogate")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u escapes a lone surrogate") }
                scalars.append(scalar)
            default:
                throw error("unknown escape sequence", at: index - 2)
            }
            runStart = index
        }
        throw error("the document ends inside a string")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ JSONParser.isHexDigit($0) }),
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("\\u must be followed by four hexadecimal digits") }
        index += 4
        return code
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }

    /// The length of the valid UTF-8 sequence at `i`, or `nil`.
    static func utf8Length(_ bytes: [UInt8], at i: Int) -> Int? {
        let length: Int
        switch bytes[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard i + length <= bytes.count, String(validating: bytes[i..<i + length], as: UTF8.self) != nil else { return nil }
        return length
    }
}

extension Double {
    /// `2021` rather than `2021.0` for integral values.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
