import Foundation

/// The implementation of an aggregate SQL function.
///
/// A new value is created for each group of rows; ``step(_:)`` receives
/// the arguments of each row, and ``finalize()`` returns the result.
public protocol DatabaseAggregate {
    /// Creates an empty aggregate.
    init()

    /// Accumulates the arguments of one row.
    ///
    /// - Parameter dbValues: The arguments.
    /// - Throws: An error that makes the statement fail.
    mutating func step(_ dbValues: [DatabaseValue]) throws

    /// Returns the result, or nil for NULL.
    ///
    /// - Throws: An error that makes the statement fail.
    func finalize() throws -> (any DatabaseValueConvertible)?
}
