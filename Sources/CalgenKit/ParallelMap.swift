import Dispatch

/// Maps over independent jobs on all cores, keeping the order of the input.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            results.set(i, transform(items[i]))
        }
        return results.values()
    }
}

/// Fixed slots, each written once by one concurrent iteration and read after all finished.
private final class ResultSlots<R>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Distinct indexes are distinct memory, so concurrent writes do not race.
    func set(_ index: Int, _ value: R) { slots[index] = value }

    func values() -> [R] { slots.map { $0! } }
}
