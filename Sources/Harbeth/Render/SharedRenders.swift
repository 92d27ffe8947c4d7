/// The shared nodes (`ImageNode/shared()`) of one submission: each renders
/// once, and every node that starts from it gets the same frame (or the
/// same failure), whether it asks before or after the render ends.
final class SharedRenders: Sendable {
    typealias Delivery = @Sendable (Result<VideoFrame, any Error>) -> Void

    private enum Entry {
        case pending([Delivery])
        case done(Result<VideoFrame, any Error>)
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// Delivers `shared`'s frame to `deliver`; the first to ask starts
    /// `render`, which must report exactly once.
    func frame(
        of shared: ImageNode.SharedNode, render: (@escaping Delivery) -> Void, deliver: @escaping Delivery
    ) {
        let key = ObjectIdentifier(shared)
        enum Next {
            case start
            case wait
            case now(Result<VideoFrame, any Error>)
        }
        let next = entries.withLock { entries -> Next in
            switch entries[key] {
            case nil:
                entries[key] = .pending([deliver])
                return .start
            case .pending(let waiting):
                entries[key] = .pending(waiting + [deliver])
                return .wait
            case .done(let result):
                return .now(result)
            }
        }
        switch next {
        case .start:
            render { [self] result in
                let waiting = entries.withLock { entries -> [Delivery] in
                    guard case .pending(let waiting) = entries[key] else { return [] }
                    entries[key] = .done(result)
                    return waiting
                }
                for delivery in waiting { delivery(result) }
            }
        case .wait: break
        case .now(let result): deliver(result)
        }
    }
}
