/// Turns a typed context into the `TemplateValue` its template reads: the one place where a
/// page's fields become names. Each stored property is a key of the same name (the compiler's
/// `Encodable`), `nil` leaves its key out (so that the name is looked up in the enclosing
/// contexts, as Mustache does), `@FalseIfNil` writes `false` instead, and `@Inline` puts a
/// nested context's keys beside the enclosing one's (the layout's `title`, `root`, … on every
/// page). Strings, integers and booleans become text, numbers and flags; arrays lists; structs
/// and dictionaries objects.
package enum TemplateEncoder {
    /// The template value of `context`.
    package static func value<Context: Encodable>(of context: Context) -> TemplateValue {
        if let direct = context as? any DirectValue { return direct.templateValue }
        if let made = context as? any TemplateRepresentable { return made.templateValue }
        return encoded(context)
    }

    /// The template value of `context` through its `encode(to:)` alone, even where the context
    /// makes its own (`TemplateRepresentable`): what that value must equal.
    package static func valueByEncoding<Context: Encodable>(of context: Context) -> TemplateValue {
        encoded(context)
    }

    /// The template value of a context that is not a `DirectValue`, through its `encode(to:)`.
    fileprivate static func encoded<Context: Encodable>(_ context: Context) -> TemplateValue {
        let encoding = TemplateEncoding()
        // Encoding into a `TemplateEncoding` throws nothing: every value has a template value.
        try? context.encode(to: encoding)
        return encoding.value
    }
}

/// A context that makes its template value itself, the value its `encode(to:)` gives through
/// `TemplateEncoder`, without the encoder's containers and casts: for contexts made by the
/// thousand (a grid's day cells).
package protocol TemplateRepresentable: Encodable {
    var templateValue: TemplateValue { get }
}

/// A value whose template value is made without an encoder (and its containers and
/// allocations): text, numbers, flags, lists, `@FalseIfNil` and template values themselves.
private protocol DirectValue: DirectField {
    var templateValue: TemplateValue { get }
}

/// A field a keyed container takes without an encoder: a `DirectValue` under its key, or the
/// keys of an `@Inline` context beside the others. One cast tells these from nested contexts.
private protocol DirectField {
    func add(to encoding: TemplateEncoding, as key: String)
}

extension DirectValue {
    fileprivate func add(to encoding: TemplateEncoding, as key: String) {
        encoding.fields.append((key, templateValue))
    }
}

extension TemplateValue: DirectValue {
    fileprivate var templateValue: TemplateValue { self }
}

extension String: DirectValue {
    fileprivate var templateValue: TemplateValue { .text(self) }
}

extension Int: DirectValue {
    fileprivate var templateValue: TemplateValue { .number(self) }
}

extension Bool: DirectValue {
    fileprivate var templateValue: TemplateValue { .flag(self) }
}

extension Array: DirectField where Element: Encodable {}

extension Array: DirectValue where Element: Encodable {
    fileprivate var templateValue: TemplateValue { .list(map { TemplateEncoder.value(of: $0) }) }
}

extension FalseIfNil: DirectValue {
    fileprivate var templateValue: TemplateValue { wrappedValue.map { TemplateEncoder.value(of: $0) } ?? .flag(false) }
}

extension TemplateValue {
    /// The template value of a typed context (`TemplateEncoder`).
    package init(_ context: some Encodable) {
        self = TemplateEncoder.value(of: context)
    }
}

/// A nested context whose keys the template reads as the enclosing context's own: `@Inline var
/// layout: LayoutContext` gives the page `{{title}}`, not `{{layout.title}}`. A key of the
/// enclosing context declared after it wins; an optional context that is nil adds no key.
@propertyWrapper
package struct Inline<Fields: Encodable & Sendable>: Encodable, Sendable {
    package var wrappedValue: Fields

    /// Written out: the compiler's memberwise initialiser is not the `init(wrappedValue:)` that
    /// lets a context's initialiser take the wrapped value.
    package init(wrappedValue fields: Fields) { wrappedValue = fields }

    package func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A value a template tests with a section that is `false` when absent, where a missing key would
/// be looked up in the enclosing contexts (a day cell's `badge` inside a grid).
@propertyWrapper
package struct FalseIfNil<Value: Encodable & Sendable>: Encodable, Sendable {
    package var wrappedValue: Value?

    package init(wrappedValue value: Value?) { wrappedValue = value }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encode(false) }
    }
}

extension Inline: DirectField {
    fileprivate func add(to encoding: TemplateEncoding, as key: String) {
        if let optional = wrappedValue as? any OptionalFields {
            try? optional.fields?.encode(to: encoding)
        } else {
            try? wrappedValue.encode(to: encoding)
        }
    }
}

/// An optional context given to `@Inline`: its fields, when there are.
private protocol OptionalFields {
    var fields: (any Encodable)? { get }
}

extension Optional: OptionalFields where Wrapped: Encodable {
    fileprivate var fields: (any Encodable)? { self }
}

extension TemplateValue: Encodable {
    /// The value's structure, for an encoder other than `TemplateEncoder` (which takes it as it is).
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .flag(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .list(let list):
            var container = encoder.unkeyedContainer()
            for element in list { try container.encode(element) }
        case .object(let fields):
            var container = encoder.container(keyedBy: TemplateKey.self)
            for (name, value) in fields.fields { try container.encode(value, forKey: TemplateKey(name)) }
        }
    }
}

/// A key of an object, by name.
struct TemplateKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

/// The encoder behind `TemplateEncoder`: collects an object's keys, a list's elements or a
/// single value, and what nested containers (which stay open while written) hold once read.
private final class TemplateEncoding: Encoder {
    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The keys in the order written (a later one wins), made a dictionary once, at its size.
    package var fields: [(String, TemplateValue)] = []
    package var elements: [TemplateValue] = []
    package var single: TemplateValue?
    /// Containers asked for by `nestedContainer`, `nestedUnkeyedContainer` or `superEncoder`,
    /// read when this value is.
    package var nestedFields: [(String, TemplateEncoding)] = []
    package var nestedElements: [(Int, TemplateEncoding)] = []
    private var isList = false

    package var value: TemplateValue {
        if let single { return single }
        if isList {
            var elements = self.elements
            for (index, nested) in nestedElements { elements.insert(nested.value, at: index) }
            return .list(elements)
        }
        var fields = self.fields
        for (name, nested) in nestedFields { fields.append((name, nested.value)) }
        return .object(TemplateFields(fields))
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if fields.isEmpty { fields.reserveCapacity(16) }
        return KeyedEncodingContainer(TemplateKeyedContainer<Key>(encoding: self))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isList = true
        return TemplateUnkeyedContainer(encoding: self)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer { TemplateSingleContainer(encoding: self) }

    /// A number of any width, as `Int` when it fits.
    package static func number<Number: BinaryInteger>(_ number: Number) -> TemplateValue {
        Int(exactly: number).map(TemplateValue.number) ?? .text(String(number))
    }
}

private struct TemplateKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let encoding: TemplateEncoding
    package var codingPath: [any CodingKey] { [] }

    private func set(_ value: TemplateValue, _ key: Key) { encoding.fields.append((key.stringValue, value)) }

    package mutating func encodeNil(forKey key: Key) { encoding.fields.removeAll { $0.0 == key.stringValue } }
    package mutating func encode(_ value: Bool, forKey key: Key) { set(.flag(value), key) }
    package mutating func encode(_ value: String, forKey key: Key) { set(.text(value), key) }
    package mutating func encode(_ value: Int, forKey key: Key) { set(.number(value), key) }
    package mutating func encode(_ value: Double, forKey key: Key) { set(.text(String(describing: value)), key) }
    package mutating func encode(_ value: Float, forKey key: Key) { set(.text(String(describing: value)), key) }
    package mutating func encode(_ value: Int8, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: Int16, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: Int32, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: Int64, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: UInt, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: UInt8, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: UInt16, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: UInt32, forKey key: Key) { set(TemplateEncoding.number(value), key) }
    package mutating func encode(_ value: UInt64, forKey key: Key) { set(TemplateEncoding.number(value), key) }

    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
        if let field = value as? any DirectField {
            field.add(to: encoding, as: key.stringValue)
        } else if let made = value as? any TemplateRepresentable {
            set(made.templateValue, key)
        } else {
            set(TemplateEncoder.encoded(value), key)
        }
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        nested(key.stringValue).container(keyedBy: keyType)
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nested(key.stringValue).unkeyedContainer()
    }

    package mutating func superEncoder() -> any Encoder { nested("super") }
    package mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key.stringValue) }

    private func nested(_ name: String) -> TemplateEncoding {
        let nested = TemplateEncoding()
        encoding.nestedFields.append((name, nested))
        return nested
    }
}

private struct TemplateUnkeyedContainer: UnkeyedEncodingContainer, TemplatePrimitives {
    package let encoding: TemplateEncoding
    package var codingPath: [any CodingKey] { [] }
    package var count: Int { encoding.elements.count + encoding.nestedElements.count }

    package func put(_ value: TemplateValue) { encoding.elements.append(value) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        nested().container(keyedBy: keyType)
    }

    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
    package mutating func superEncoder() -> any Encoder { nested() }

    private func nested() -> TemplateEncoding {
        let nested = TemplateEncoding()
        encoding.nestedElements.append((count, nested))
        return nested
    }
}

private struct TemplateSingleContainer: SingleValueEncodingContainer, TemplatePrimitives {
    package let encoding: TemplateEncoding
    package var codingPath: [any CodingKey] { [] }

    package func put(_ value: TemplateValue) { encoding.single = value }
}

/// What the unkeyed and the single-value containers share: every primitive becomes one
/// `TemplateValue`, handed to `put`.
private protocol TemplatePrimitives {
    func put(_ value: TemplateValue)
}

extension TemplatePrimitives {
    package mutating func encodeNil() { put(.flag(false)) }
    package mutating func encode(_ value: Bool) { put(.flag(value)) }
    package mutating func encode(_ value: String) { put(.text(value)) }
    package mutating func encode(_ value: Int) { put(.number(value)) }
    package mutating func encode(_ value: Double) { put(.text(String(describing: value))) }
    package mutating func encode(_ value: Float) { put(.text(String(describing: value))) }
    package mutating func encode(_ value: Int8) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: Int16) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: Int32) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: Int64) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: UInt) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: UInt8) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: UInt16) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: UInt32) { put(TemplateEncoding.number(value)) }
    package mutating func encode(_ value: UInt64) { put(TemplateEncoding.number(value)) }
    package mutating func encode<T: Encodable>(_ value: T) { put(TemplateEncoder.value(of: value)) }
}
