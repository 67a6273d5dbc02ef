/// Times the named steps of a build and reports each start to a progress display.
final class StepTimer {
    let progress: (@Sendable (_ step: String, _ index: Int, _ count: Int) -> Void)?
    private(set) var steps: [BuildReport.Step] = []
    private let clock = ContinuousClock()

    init(progress: (@Sendable (String, Int, Int) -> Void)?) {
        self.progress = progress
    }

    func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        progress?(name, steps.count + 1, SiteBuilder.stepNames.count)
        let start = clock.now
        let result = try body()
        steps.append(.init(name: name, duration: clock.now - start))
        return result
    }
}
