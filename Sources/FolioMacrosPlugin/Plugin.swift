import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of the `FolioMacros` product.
@main
struct FolioMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        DatabaseRecordMacro.self,
        DatabaseColumnMacro.self,
        DatabaseTransientMacro.self,
    ]
}
