import Foundation

/// Work that mostly waits for the network, done on threads of their own (Dispatch gives as many
/// as the cores), up to a number at once.
enum InFlight {
    /// `transform` of each of `items`, in their order, up to `width` at once.
    static func map<Item: Sendable, Value: Sendable>(
        _ items: [Item], width: Int, _ transform: @escaping @Sendable (Item) -> Value
    ) -> [Value] {
        let width = min(max(1, width), items.count)
        guard width > 1 else { return items.map(transform) }
        let slots = Slots<Value>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<width {
            group.enter()
            let thread = Thread {
                while let i = slots.next() { slots.set(i, transform(items[i])) }
                group.leave()
            }
            thread.stackSize = 1 << 21
            thread.start()
        }
        group.wait()
        return slots.values()
    }

    /// The results: each index handed out once, each slot written once by the thread that took
    /// it, all read after every thread finished.
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Value?]
        private var taken = 0

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.withLock {
                guard taken < results.count else { return nil }
                taken += 1
                return taken - 1
            }
        }

        func set(_ index: Int, _ value: Value) { lock.withLock { results[index] = value } }

        func values() -> [Value] { lock.withLock { results.compactMap { $0 } } }
    }
}
