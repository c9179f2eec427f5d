// Error messages name types the way users write them: `Int`, `Date`,
// `Player`, not `Swift.Int` or `FoundationEssentials.Date` (the module of
// `Date` on Linux). The module is kept only when the name alone would be
// ambiguous: a type of the user's own that is named like a standard type
// (a `Date` of the application is not Foundation's `Date`).

/// The name of a type for error messages: `String(describing:)`, such as
/// `Int`, `Date` or `Optional<Player>`, or the module-qualified name when
/// the type is named like a standard type but comes from another module.
///
/// - Parameter type: A type.
/// - Returns: The name of the type.
func typeNameForMessages(_ type: Any.Type) -> String {
    let name = String(describing: type)
    let qualifiedName = String(reflecting: type)
    guard let dot = qualifiedName.firstIndex(of: ".") else { return name }
    let module = qualifiedName[..<dot]
    if _standardModules.contains(String(module)) { return name }
    let baseName = name.prefix { $0 != "<" }
    return _standardTypeNames.contains(String(baseName)) ? qualifiedName : name
}

/// The modules whose types are named without their module.
private let _standardModules: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "CoreFoundation", "_Concurrency", "Dispatch", "Folio",
]

/// The names of the standard types that a type of another module could
/// be mistaken for.
private let _standardTypeNames: Set<String> = [
    "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "String", "Character", "Substring", "Array", "Dictionary", "Set", "Optional", "Result",
    "Data", "Date", "DateComponents", "Decimal", "URL", "UUID", "NSNumber", "NSDecimalNumber", "NSString",
    "NSData", "NSDate", "NSURL", "NSUUID", "NSNull",
    "Row", "DatabaseValue", "DatabaseDateComponents", "Column", "Table", "Record",
]
