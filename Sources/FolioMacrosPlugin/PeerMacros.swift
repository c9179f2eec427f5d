import SwiftSyntax
import SwiftSyntaxMacros

/// `@DatabaseColumn("name")`: a marker that `@DatabaseRecord` reads; it
/// adds nothing by itself.
public struct DatabaseColumnMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext) throws -> [DeclSyntax]
    {
        []
    }
}

/// `@DatabaseTransient`: a marker that `@DatabaseRecord` reads; it adds
/// nothing by itself.
public struct DatabaseTransientMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext) throws -> [DeclSyntax]
    {
        []
    }
}
