/// A type whose values can be modified in a closure that returns a
/// modified copy: ``with(_:)``.
///
/// ```swift
/// struct Settings: Refinable {
///     var isEnabled = false
/// }
/// let settings = Settings().with { $0.isEnabled = true }
/// ```
public protocol Refinable { }

extension Refinable {
    /// Returns a copy of this value, modified by the closure.
    ///
    /// - Parameter update: A closure that modifies its argument.
    /// - Returns: The modified copy.
    /// - Throws: The error of `update`.
    @inlinable
    public func with(_ update: (inout Self) throws -> Void) rethrows -> Self {
        var result = self
        try update(&result)
        return result
    }
}
