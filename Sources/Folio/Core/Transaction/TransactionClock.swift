import Foundation

/// A type that gives the date of database transactions: the value of
/// ``Database/transactionDate``.
///
/// Configure the clock of a connection with
/// ``Configuration/transactionClock``. The default clock,
/// ``DefaultTransactionClock``, returns the current date; a custom clock
/// makes dates predictable in tests and previews:
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .custom { db in
///     Date(timeIntervalSince1970: 0)
/// }
/// let dbQueue = try DatabaseQueue(configuration: config)
/// let date = try dbQueue.write { db in
///     try db.transactionDate // 1970-01-01 00:00:00 +0000
/// }
/// ```
///
/// See <https://www.sqlite.org/lang_transaction.html>.
///
/// ## Topics
/// - ``now(_:)``
/// - ``default``
/// - ``custom(_:)``
public protocol TransactionClock: Sendable {
    /// Returns the date of the current transaction.
    ///
    /// The clock is asked whenever a transaction starts, that is to say
    /// whenever the connection leaves the autocommit mode, and each time
    /// ``Database/transactionDate`` is read outside of any transaction.
    ///
    /// ```swift
    /// struct FixedClock: TransactionClock {
    ///     var date: Date
    ///     func now(_ db: Database) throws -> Date { date }
    /// }
    /// ```
    ///
    /// - Parameter db: The connection that starts a transaction.
    /// - Returns: A date.
    /// - Throws: Any error: ``Database/transactionDate`` throws it.
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    func now(_ db: Database) throws -> Date
}

extension TransactionClock where Self == DefaultTransactionClock {
    /// The default clock, which returns the current date (`Date()`).
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.transactionClock = .default
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public static var `default`: DefaultTransactionClock { DefaultTransactionClock() }
}

extension TransactionClock where Self == CustomTransactionClock {
    /// A clock that returns the dates of a function.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.transactionClock = .custom { db in
    ///     Date(timeIntervalSinceReferenceDate: 0)
    /// }
    /// ```
    ///
    /// - Parameter now: A function that returns the date of the
    ///   transaction that starts on its connection.
    /// - Returns: A clock.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public static func custom(_ now: @escaping @Sendable (Database) throws -> Date) -> Self {
        CustomTransactionClock(now)
    }
}

/// The default ``TransactionClock``: transactions are dated with the
/// current date.
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .default
/// ```
///
/// See <https://www.sqlite.org/lang_transaction.html>.
public struct DefaultTransactionClock: TransactionClock {
    init() { }

    /// Returns the current date.
    ///
    /// ```swift
    /// let date = try DefaultTransactionClock.default.now(db)
    /// ```
    ///
    /// - Parameter db: A connection (unused).
    /// - Returns: `Date()`.
    /// - Throws: Nothing, in practice.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func now(_ db: Database) throws -> Date {
        Date()
    }
}

/// A ``TransactionClock`` that returns the dates of a function, created
/// with ``TransactionClock/custom(_:)``.
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .custom { _ in Date(timeIntervalSince1970: 0) }
/// ```
///
/// See <https://www.sqlite.org/lang_transaction.html>.
public struct CustomTransactionClock: TransactionClock {
    private let function: @Sendable (Database) throws -> Date

    /// Creates a clock that returns the dates of a function.
    ///
    /// ```swift
    /// let clock = CustomTransactionClock { _ in Date(timeIntervalSince1970: 0) }
    /// ```
    ///
    /// - Parameter now: A function that returns the date of the
    ///   transaction that starts on its connection.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public init(_ now: @escaping @Sendable (Database) throws -> Date) {
        self.function = now
    }

    /// Returns the date of the function of the clock.
    ///
    /// ```swift
    /// let date = try clock.now(db)
    /// ```
    ///
    /// - Parameter db: The connection that starts a transaction.
    /// - Returns: The date returned by the function.
    /// - Throws: The error of the function.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func now(_ db: Database) throws -> Date {
        try function(db)
    }
}
