import Foundation

/// A parsed JSON document, kept loose so that validation can report every
/// problem with its path instead of stopping at the first one.
enum JSONValue: Sendable, Equatable {
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
        case .string(let s): return "the string \"\(s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Parses `data`, or explains where the syntax is broken.
    static func parse(_ data: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        let foundationData = Data(data)
        do {
            return .success(try JSONDecoder().decode(JSONValue.self, from: foundationData))
        } catch {
            return .failure(JSONSyntaxError.locate(in: data, foundationData: foundationData))
        }
    }
}

extension JSONValue: Decodable {
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// Where a JSON document stops being JSON.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var detail: String

    /// Asks Foundation's parser for the offset of the problem and turns it into a line and column.
    static func locate(in bytes: [UInt8], foundationData: Data) -> JSONSyntaxError {
        var detail = "the file is not valid JSON"
        var offset: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: foundationData, options: [.fragmentsAllowed])
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let range = text.range(of: "character ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                offset = Int(digits)
            }
            if !text.isEmpty {
                detail = text.hasSuffix(".") ? String(text.dropLast()) : text
            }
        }
        let (line, column) = lineAndColumn(of: offset ?? bytes.count, in: bytes)
        return JSONSyntaxError(line: line, column: column, detail: detail)
    }

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

extension Double {
    /// `2021` rather than `2021.0` for integral values.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
