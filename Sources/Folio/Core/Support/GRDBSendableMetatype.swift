#if compiler(>=6.2)
/// A synonym for the standard `SendableMetatype` protocol in Swift 6.2,
/// and `Any` in previous compiler versions.
///
/// It lets code constrain generic types with sendable metatypes, and
/// compile with several versions of the compiler:
///
/// ```swift
/// func register<T: FetchableRecord & GRDBSendableMetatype>(_ type: T.Type) {
///     Task { _ = type } // T.Type crosses isolation domains
/// }
/// ```
public typealias GRDBSendableMetatype = SendableMetatype
#else
/// A synonym for the standard `SendableMetatype` protocol in Swift 6.2,
/// and `Any` in previous compiler versions.
///
/// ```swift
/// func register<T: FetchableRecord & GRDBSendableMetatype>(_ type: T.Type) { }
/// ```
public typealias GRDBSendableMetatype = Any
#endif
