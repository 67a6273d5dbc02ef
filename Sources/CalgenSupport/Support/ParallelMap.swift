import Dispatch
import Foundation

/// Maps over independent jobs on all cores, keeping the order of the input.
package enum ParallelMap {
    /// `items.map(transform)`, one job per item.
    package static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            results.set(i, transform(items[i]))
        }
        return results.values()
    }

    /// Maps over consecutive slices of `size` items on all cores, for many small jobs (file
    /// operations) where one job per item would cost more than the job.
    package static func map<T: Sendable, R: Sendable>(
        _ items: [T], chunksOf size: Int, _ transform: @Sendable (ArraySlice<T>) -> R
    ) -> [R] {
        map(Array(stride(from: 0, to: items.count, by: size))) { start in
            transform(items[start..<min(start + size, items.count)])
        }
    }

    /// The same with more threads than cores, for jobs that also wait for the disk: while one
    /// thread waits for a write, another renders.
    package static func map<T: Sendable, R: Sendable>(
        _ items: [T], threadsPerCore: Int, _ transform: @escaping @Sendable (T) -> R
    ) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        let next = Counter()
        let count = min(items.count, max(1, ProcessInfo.processInfo.activeProcessorCount * threadsPerCore))
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            let thread = Thread {
                while let i = next.take(below: items.count) { results.set(i, transform(items[i])) }
                group.leave()
            }
            thread.stackSize = 1 << 21
            thread.start()
        }
        group.wait()
        return results.values()
    }
}

/// Hands out 0, 1, 2, … to concurrent takers.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
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
