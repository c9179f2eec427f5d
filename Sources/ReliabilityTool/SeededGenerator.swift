/// A random number generator that a seed replays: SplitMix64.
///
/// The crash test derives every random choice (the kill times, and each
/// writer's transactions) from one seed that it prints, so that a failing
/// run can be replayed with `--seed`.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random integer in `0..<bound`.
    mutating func int(below bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }
}

/// A seed from the clock, for runs that are not replays.
func freshSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    // Seeds are printed and typed back: keep them short.
    return generator.next() % 1_000_000_000
}
