import Foundation

/// A type that gives the date of transactions: the value of
/// ``Database/transactionDate``.
///
/// Configure it with ``Configuration/transactionClock``, so that tests and
/// previews control the dates that records store:
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .custom { _ in
///     Date(timeIntervalSince1970: 0)
/// }
/// let dbQueue = try DatabaseQueue(configuration: config)
/// ```
///
/// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
///
/// ## Topics
/// - ``DefaultTransactionClock``
/// - ``CustomTransactionClock``
public protocol TransactionClock: Sendable {
    /// Returns the date of the current transaction.
    ///
    /// The connection calls it each time a transaction starts, when the
    /// connection leaves the autocommit mode, and when
    /// ``Database/transactionDate`` is read outside of a transaction.
    ///
    /// ```swift
    /// struct FixedClock: TransactionClock {
    ///     func now(_ db: Database) throws -> Date { Date(timeIntervalSince1970: 0) }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A date.
    /// - Throws: Any error, thrown by ``Database/transactionDate``.
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    func now(_ db: Database) throws -> Date
}

extension TransactionClock where Self == DefaultTransactionClock {
    /// The default clock, which gives the start date of each transaction.
    ///
    /// ```swift
    /// config.transactionClock = .default
    /// ```
    public static var `default`: DefaultTransactionClock {
        DefaultTransactionClock()
    }
}

extension TransactionClock where Self == CustomTransactionClock {
    /// A clock that gives the dates that a function returns.
    ///
    /// ```swift
    /// config.transactionClock = .custom { _ in Date(timeIntervalSince1970: 0) }
    /// ```
    ///
    /// The function is called each time a transaction starts, when the
    /// connection leaves the autocommit mode, and when
    /// ``Database/transactionDate`` is read outside of a transaction.
    ///
    /// - Parameter now: A function that returns the date of the current
    ///   transaction.
    /// - Returns: A clock.
    public static func custom(_ now: @escaping @Sendable (Database) throws -> Date) -> Self {
        CustomTransactionClock(now)
    }
}

/// The default transaction clock: the date of a transaction is the date it
/// started, and outside of transactions, the current date.
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .default // the default
/// ```
public struct DefaultTransactionClock: TransactionClock {
    init() { }

    /// Returns the start date of the current transaction, or the current
    /// date outside of transactions.
    ///
    /// ```swift
    /// let date = try DefaultTransactionClock.default.now(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A date.
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    public func now(_ db: Database) throws -> Date {
        if db.isInsideTransaction, let date = db.transactionStartDate {
            return date
        }
        return Date()
    }
}

/// A transaction clock whose dates come from a function.
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = CustomTransactionClock { _ in
///     Date(timeIntervalSince1970: 0)
/// }
/// ```
public struct CustomTransactionClock: TransactionClock {
    private let _now: @Sendable (Database) throws -> Date

    /// Creates a clock whose dates come from a function.
    ///
    /// ```swift
    /// let clock = CustomTransactionClock { _ in Date(timeIntervalSince1970: 0) }
    /// ```
    ///
    /// - Parameter now: A function that returns the date of the current
    ///   transaction. It is called each time a transaction starts, when
    ///   the connection leaves the autocommit mode, and when
    ///   ``Database/transactionDate`` is read outside of a transaction.
    public init(_ now: @escaping @Sendable (Database) throws -> Date) {
        _now = now
    }

    /// Returns the date that the function of the clock returns.
    ///
    /// ```swift
    /// let date = try clock.now(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A date.
    /// - Throws: The error of the function.
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    public func now(_ db: Database) throws -> Date {
        try _now(db)
    }
}
