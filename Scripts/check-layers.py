#!/usr/bin/env python3
"""Check the layering of Sources/Folio.

The sources of Folio are split into layers (the LAYERS table below, bottom
up). A file may refer only to types declared in its own layer or in a lower
layer. This script reports every reference from a file to a type declared
in a higher layer.

How it works:

1. Each .swift file is stripped of comments (`//`, `///`, nested `/* */`)
   and string literals (`"..."`, `\"\"\"...\"\"\"`, raw strings `#"..."#`,
   extended regex literals `#/.../#`), keeping line numbers. The code in a
   string interpolation `\\( ... )` is kept: it is code.
2. Declared types are collected: `class`, `struct`, `enum`, `protocol`,
   `actor` and `typealias` declarations at the top level of a file, and
   types (including `associatedtype`s) declared inside a type or an
   `extension Outer { ... }`, under the qualified name `Outer.Inner`.
   `private` and `fileprivate` types are visible in their own file only.
3. Every UpperCamelCase identifier that names a type declared in a higher
   layer is reported. `Outer.Inner` is looked up as the nested type
   `Outer.Inner` when `Outer` is a type (`Folio.X` is `X`); a name after a
   dot whose left side is not a known type is a member, not a reference.
   A bare name inside the body of a type or extension first resolves to a
   nested type of that type (Swift's lookup order). Generic parameters of
   types and functions, and local types in function bodies, shadow type
   names. A file's references to types it declares itself are not counted.

Output: the violations as `path:line: <from> -> <to>: <Type> (declared in
<path>)`, sorted by path and line (several references to the same type on
one line count once), then a summary per direction. Exit status 1 when
there is any violation, 0 otherwise.

Options:
    --summary    print only the summary
    --verbose    also print the references allowed by EXCEPTIONS
    --root PATH  the Sources/Folio directory to check (default: the one
                 next to this script)

To add an exception, append an entry to EXCEPTIONS below, with a comment
for any context that does not fit the reason:

    # Moving the broker out of Database is planned (see #123).
    ("Core/Database.swift", "DatabaseObservationBroker",
     "the connection owns its broker"),

The first element is a path relative to Sources/Folio, or an fnmatch glob
(`*` also matches `/`: "Core/*" is every file of Core and its subfolders);
the second is the type name as reported (qualified for nested types, such
as "Database.TraceEvent"; a glob is accepted too); the third says why the
reference is acceptable. Excepted references are not errors; `--verbose`
lists them with their reason. An exception that matches nothing is reported
as a warning, so stale entries can be removed.
"""

import argparse
import fnmatch
import os
import re
import signal
import sys

# Layers, bottom up: (name, folder relative to Sources/Folio). A file
# belongs to the layer with the longest matching folder; files outside
# every folder are ignored. Folders that do not exist are fine.
LAYERS = [
    ("Core", "Core/"),
    ("Core/Conversions", "Core/Conversions/"),
    ("Core/Access", "Core/Access/"),
    ("SQL", "SQL/"),
    ("Record", "Record/"),
    ("QueryInterface", "QueryInterface/"),
    ("Association", "Association/"),
    ("Migration", "Migration/"),
    ("FTS", "FTS/"),
    ("Observation", "Observation/"),
    ("Changeset", "Changeset/"),
    ("Compatibility", "Compatibility/"),
]

# Allowed references to higher layers:
# (file path or glob relative to Sources/Folio, type name, "why").
EXCEPTIONS = [
    # GRDB 7 declares `protocol DatabaseValueConvertible: SQLExpressible,
    # StatementBinding`, and Folio's API is GRDB's: a value is usable
    # wherever an expression is (`Column("score") > 1000`). A protocol's
    # refinements can only be written where it is declared, so this one
    # reference stays. Nothing else of Core uses the SQL layer: the
    # conformance's implementation (`sqlExpression`) lives in
    # SQL/SQLExpression.swift.
    ("Core/DatabaseValueConvertible.swift", "SQLExpressible",
     "GRDB's DatabaseValueConvertible refines SQLExpressible; a refinement is written where the protocol is declared"),
    # GRDB 7 declares `protocol FetchRequest: SQLSubqueryable,
    # DatabaseRegionConvertible`: every request is usable as a subquery
    # (`Player.filter(teamIds.contains(Column("teamId")))`). Core's
    # fetching methods take `some FetchRequest`, so the protocol stays in
    # Core; the conformances' implementations live in the SQL layer and
    # above (SQL/SQLSubqueryable.swift,
    # SQL/AdaptedFetchRequest+SQLSubqueryable.swift, QueryInterface/).
    ("Core/FetchRequest.swift", "SQLSubqueryable",
     "GRDB's FetchRequest refines SQLSubqueryable; a refinement is written where the protocol is declared"),
]

# `Folio.Database` is `Database`.
MODULE_NAME = "Folio"


# ---------------------------------------------------------------------------
# Stripping comments and string literals

_CODE_SPECIAL = re.compile(r'[/"#()]')


def strip_swift(src):
    """Return src with comments and string literals replaced by spaces.

    Newlines are kept, so line numbers do not change. The code inside a
    string interpolation is kept (its `\\(` and `)` are blanked).
    """
    out = list(src)
    n = len(src)

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    # Stack of modes: ["code", paren depth or None for the file level]
    # or ["str", hashes, multiline].
    stack = [["code", None]]
    i = 0
    while i < n:
        mode = stack[-1]
        if mode[0] == "code":
            m = _CODE_SPECIAL.search(src, i)
            if m is None:
                break
            i = m.start()
            c = src[i]
            if c == "/":
                nxt = src[i + 1:i + 2]
                if nxt == "/":
                    j = src.find("\n", i)
                    j = n if j < 0 else j
                    blank(i, j)
                    i = j
                elif nxt == "*":
                    depth, j = 1, i + 2
                    while j < n and depth:
                        if src.startswith("/*", j):
                            depth += 1
                            j += 2
                        elif src.startswith("*/", j):
                            depth -= 1
                            j += 2
                        else:
                            j += 1
                    blank(i, j)
                    i = j
                else:
                    i += 1
            elif c == '"' or c == "#":
                h = 0
                while i + h < n and src[i + h] == "#":
                    h += 1
                after = src[i + h:i + h + 1]
                if after == '"':
                    multi = src.startswith('"""', i + h)
                    j = i + h + (3 if multi else 1)
                    blank(i, j)
                    stack.append(["str", h, multi])
                    i = j
                elif after == "/" and h > 0:
                    # Extended regex literal #/.../#
                    end = src.find("/" + "#" * h, i + h + 1)
                    j = n if end < 0 else end + 1 + h
                    blank(i, j)
                    i = j
                else:
                    i += max(h, 1)
            elif c == "(":
                if mode[1] is not None:
                    mode[1] += 1
                i += 1
            else:  # ")"
                if mode[1] is not None:
                    mode[1] -= 1
                    if mode[1] == 0:
                        blank(i, i + 1)
                        stack.pop()
                i += 1
        else:
            _, h, multi = mode
            c = src[i]
            if c == "\\" and src.startswith("#" * h, i + 1):
                k = i + 1 + h
                if src[k:k + 1] == "(":
                    blank(i, k + 1)
                    stack.append(["code", 1])
                    i = k + 1
                else:
                    blank(i, k + 1)
                    i = k + 1
            elif c == '"' and src.startswith(('"""' if multi else '"') + "#" * h, i):
                j = i + (3 if multi else 1) + h
                blank(i, j)
                stack.pop()
                i = j
            elif c == "\n" and not multi:
                # Unterminated string: recover at the end of the line.
                stack.pop()
                i += 1
            else:
                if c != "\n":
                    out[i] = " "
                i += 1
    return "".join(out)


# ---------------------------------------------------------------------------
# Tokens and declarations

_TOKEN = re.compile(r"`[^`\n]+`|[A-Za-z_][A-Za-z0-9_]*|\d[\w.]*|\n|[^\s\w]")

TYPE_KEYWORDS = {"class", "struct", "enum", "protocol", "actor"}
MODIFIERS = {
    "public", "private", "fileprivate", "internal", "open", "package",
    "final", "indirect", "nonisolated", "static", "override", "required",
    "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned",
    "dynamic", "optional", "prefix", "postfix", "infix", "consuming",
    "borrowing", "isolated", "distributed",
}
PRIVATE = {"private", "fileprivate"}


def tokenize(code):
    """List of (text, line) for the stripped code; newlines are dropped."""
    tokens = []
    line = 1
    for m in _TOKEN.finditer(code):
        t = m.group()
        if t == "\n":
            line += 1
        else:
            if t[0] == "`":
                t = t[1:-1]
            tokens.append((t, line))
    return tokens


def is_ident(t):
    return t[0].isalpha() or t[0] == "_"


def is_type_name(t):
    return t[0].isupper()


class Frame:
    """A brace scope: a type or extension body (qual set) or another block."""
    __slots__ = ("qual", "shadows")

    def __init__(self, qual=None, shadows=None):
        self.qual = qual
        self.shadows = set(shadows or ())


class Decl:
    __slots__ = ("name", "path", "rel", "layer", "line", "private")

    def __init__(self, name, path, rel, layer, line, private):
        self.name, self.path, self.rel = name, path, rel
        self.layer, self.line, self.private = layer, line, private


def generic_params(tokens, i):
    """Parse `<A, B: P, each C>` at tokens[i]; return (names, index after)."""
    names = []
    depth = 0
    j = i
    while j < len(tokens):
        t = tokens[j][0]
        if t == "<":
            depth += 1
        elif t == ">":
            depth -= 1
            if depth == 0:
                return names, j + 1
        elif t in ("{", "}", ";"):
            break
        elif depth == 1 and is_ident(t) and tokens[j - 1][0] in ("<", ","):
            if t == "each" and j + 1 < len(tokens) and is_ident(tokens[j + 1][0]):
                t = tokens[j + 1][0]
                j += 1
            names.append(t)
        j += 1
    return names, j


def modifiers_before(tokens, k):
    """Modifiers (and attributes) written before the keyword at k."""
    mods = set()
    j = k - 1
    while j >= 0:
        t = tokens[j][0]
        if t in MODIFIERS:
            mods.add(t)
            j -= 1
        elif t == ")":
            depth, p = 0, j
            while p >= 0:
                if tokens[p][0] == ")":
                    depth += 1
                elif tokens[p][0] == "(":
                    depth -= 1
                    if depth == 0:
                        break
                p -= 1
            j = p - 1
            if j >= 0 and tokens[j][0] in MODIFIERS:
                continue  # private(set)
            if j >= 1 and is_ident(tokens[j][0]) and tokens[j - 1][0] == "@":
                j -= 2
            else:
                break
        elif is_ident(t) and j >= 1 and tokens[j - 1][0] == "@":
            j -= 2
        else:
            break
    return mods


def dotted_name(tokens, i):
    """Read `A.B.C` (dropping a leading module name); return (name, next)."""
    parts = []
    j = i
    while j < len(tokens) and is_ident(tokens[j][0]):
        parts.append(tokens[j][0])
        if j + 2 < len(tokens) and tokens[j + 1][0] == "." and is_ident(tokens[j + 2][0]):
            j += 2
        else:
            j += 1
            break
    if len(parts) > 1 and parts[0] == MODULE_NAME:
        parts = parts[1:]
    return ".".join(parts), j


class SourceFile:
    def __init__(self, path, rel, layer):
        self.path, self.rel, self.layer = path, rel, layer
        with open(path, encoding="utf-8", errors="replace") as f:
            self.tokens = tokenize(strip_swift(f.read()))
        self.top = []        # Decl of top-level types
        self.members = []    # Decl of nested types (qualified names)
        self.generics = {}   # type qual name -> generic parameter names
        self.refs = []       # (token index, scope: tuple of Frames)
        self.scan()

    def scan(self):
        toks = self.tokens
        n = len(toks)
        stack = [Frame()]        # stack[0] is the file level
        pending = None           # Frame for the body of the next `{`
        pending_line = None      # for typealias: scope ends with the line
        i = 0
        while i < n:
            t, line = toks[i]
            if pending is not None and pending_line is not None and line != pending_line:
                pending = None
                pending_line = None
            depth = len(stack) - 1
            if t == "{":
                stack.append(pending if pending is not None else Frame())
                pending = None
                pending_line = None
                i += 1
                continue
            if t == "}":
                if len(stack) > 1:
                    stack.pop()
                pending = None
                pending_line = None
                i += 1
                continue
            if t == "#" and i + 1 < n and toks[i + 1][0] in ("if", "elseif"):
                # Compilation conditions name platforms and modules, not types.
                j = i + 1
                while j < n and toks[j][1] == line:
                    j += 1
                i = j
                continue
            # The token before, if on the same line (a blanked string or
            # comment may sit between `let x =` and the next line).
            prev = toks[i - 1][0] if i > 0 and toks[i - 1][1] == line else ""
            decl_ok = prev not in (".", "=", "(", ",", ":", "let", "var", "return", "case", "->")
            kind = None
            if decl_ok and i + 1 < n and is_ident(toks[i + 1][0]):
                if t in TYPE_KEYWORDS or t in ("typealias", "associatedtype"):
                    after = toks[i + 2][0] if i + 2 < n else ""
                    if after in ("{", ":", "<", "where", "=") or (t in ("typealias", "associatedtype")):
                        kind = t
                elif t == "extension":
                    kind = t
            if kind is not None:
                private = bool(modifiers_before(toks, i) & PRIVATE)
                if kind == "extension":
                    qual, j = dotted_name(toks, i + 1)
                    self.refs_in_range(i + 1, j, stack, pending)
                    pending = Frame(qual)
                    i = j
                    continue
                name = toks[i + 1][0]
                if depth == 0:
                    qual = name
                    self.top.append(Decl(name, self.path, self.rel, self.layer, line, private))
                elif stack[-1].qual is not None:
                    qual = stack[-1].qual + "." + name
                    self.members.append(Decl(qual, self.path, self.rel, self.layer, line, private))
                else:
                    # A local type in a function or closure body.
                    stack[-1].shadows.add(name)
                    qual = None
                gen = []
                if i + 2 < n and toks[i + 2][0] == "<":
                    gen, _ = generic_params(toks, i + 2)
                if kind in ("typealias", "associatedtype"):
                    if gen:
                        pending = Frame(None, gen)
                        pending_line = line
                else:
                    if qual is not None and gen:
                        self.generics[qual] = set(gen)
                    pending = Frame(qual, gen)
                # Go on after the name: the constraints of the generic
                # parameters are references, with the parameters in scope.
                i += 2
                continue
            if t in ("var", "let", "case") and pending is not None and pending.qual is None:
                # A new declaration: the generic parameters of a function
                # requirement without body (in a protocol) are out of scope.
                pending = None
                pending_line = None
            if t in ("func", "init", "subscript") and decl_ok:
                pending = None
                pending_line = None
                j = i + 1
                if j < n and toks[j][0] in ("?", "!"):
                    j += 1  # init?
                elif t == "func" and j < n and toks[j][0] != "<":
                    j += 1  # the function name (or an operator's first char)
                    while j < n and toks[j][0] not in ("<", "("):
                        j += 1  # operator characters
                if j < n and toks[j][0] == "<":
                    gen, _ = generic_params(toks, j)
                    pending = Frame(None, gen)
                    pending_line = None
                i = j  # go on with the generic parameters and the signature
                continue
            if is_ident(t) and is_type_name(t):
                self.refs.append((i, tuple(stack) + ((pending,) if pending else ())))
            i += 1

    def refs_in_range(self, a, b, stack, pending):
        scope = tuple(stack) + ((pending,) if pending else ())
        for k in range(a, b):
            t = self.tokens[k][0]
            if is_ident(t) and is_type_name(t):
                self.refs.append((k, scope))


# ---------------------------------------------------------------------------
# Checking

# Folders that belong to the layer of another folder rather than being
# layers of their own: (folder, folder of the layer it belongs to).
# `Core/Remote/` (the remote-execution SPI, see Architecture.md) is Core.
LAYER_SUBFOLDERS = [
    ("Core/Remote/", "Core/"),
]


def layer_of(rel):
    for folder, owner in LAYER_SUBFOLDERS:
        if rel.startswith(folder):
            rel = owner + rel[len(folder):]
    best = None
    for index, (_, prefix) in enumerate(LAYERS):
        if rel.startswith(prefix) and (best is None or len(prefix) > len(LAYERS[best][1])):
            best = index
    return best


def display_path(path):
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Report references from Sources/Folio files to types of higher layers.")
    parser.add_argument("--summary", action="store_true", help="print only the summary")
    parser.add_argument("--verbose", action="store_true",
                        help="also print the references allowed by EXCEPTIONS")
    parser.add_argument("--root", help="the Sources/Folio directory (default: next to this script)")
    args = parser.parse_args(argv)

    root = args.root or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Folio")
    root = os.path.normpath(root)
    if not os.path.isdir(root):
        print(f"error: {root} is not a directory", file=sys.stderr)
        return 2

    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in sorted(filenames):
            if not fn.endswith(".swift"):
                continue
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            layer = layer_of(rel)
            if layer is not None:
                files.append(SourceFile(path, rel, layer))

    # Declaration tables: name -> [Decl]
    table = {}
    generics = {}
    for sf in files:
        for d in sf.top + sf.members:
            table.setdefault(d.name, []).append(d)
        for qual, names in sf.generics.items():
            generics.setdefault(qual, set()).update(names)

    warnings = []
    for name, decls in sorted(table.items()):
        public = [d for d in decls if not d.private]
        paths = sorted({d.rel for d in public})
        if len(paths) > 1:
            layers = sorted({d.layer for d in public})
            where = ", ".join(f"{d.rel}:{d.line}" for d in sorted(public, key=lambda d: (d.layer, d.rel)))
            warnings.append(f"warning: {name} is declared in {len(paths)} files "
                            f"({where}); attributed to {LAYERS[layers[0]][0]}")

    def visible(name, sf):
        """The declaration of `name` seen from sf, or None."""
        decls = table.get(name)
        if not decls:
            return None
        mine = [d for d in decls if d.path == sf.path]
        if mine:
            return mine[0]
        public = [d for d in decls if not d.private]
        if not public:
            return None
        return min(public, key=lambda d: (d.layer, d.rel, d.line))

    def resolve_bare(name, scope, sf):
        """Resolve an unqualified type name; None when not a Folio type."""
        for fr in reversed(scope):
            if name in fr.shadows:
                return None
            if fr.qual is not None:
                if name in generics.get(fr.qual, ()):
                    return None
                d = visible(fr.qual + "." + name, sf)
                if d is not None:
                    return d
        return visible(name, sf)

    violations = {}   # (rel, line, type) -> (sf, line, decl)
    allowed = {}      # (rel, line, type) -> (sf, line, decl, reason)
    exception_used = [False] * len(EXCEPTIONS)

    def record(sf, line, decl):
        if decl.path == sf.path or decl.layer <= sf.layer:
            return
        key = (sf.rel, line, decl.name)
        for e, (pattern, type_pattern, why) in enumerate(EXCEPTIONS):
            if fnmatch.fnmatchcase(sf.rel, pattern) and fnmatch.fnmatchcase(decl.name, type_pattern):
                exception_used[e] = True
                allowed.setdefault(key, (sf, line, decl, why))
                return
        violations.setdefault(key, (sf, line, decl))

    for sf in files:
        toks = sf.tokens
        for i, scope in sf.refs:
            name, line = toks[i]
            if name == MODULE_NAME and i + 1 < len(toks) and toks[i + 1][0] == ".":
                continue  # `Folio.X`: X is resolved below
            if i > 0 and toks[i - 1][0] == ".":
                if i > 1 and toks[i - 2][0] == MODULE_NAME and (i < 3 or toks[i - 3][0] != "."):
                    d = visible(name, sf)  # `Folio.X` is the top-level X
                else:
                    continue  # a member: qualified chains are followed below
            else:
                d = resolve_bare(name, scope, sf)
            if d is None:
                continue
            record(sf, line, d)
            # Follow `Outer.Inner.Deeper` while each step is a known type.
            j = i + 1
            while j + 1 < len(toks) and toks[j][0] == "." and is_type_name(toks[j + 1][0]) \
                    and is_ident(toks[j + 1][0]):
                d = visible(d.name + "." + toks[j + 1][0], sf)
                if d is None:
                    break
                record(sf, toks[j + 1][1], d)
                j += 2

    def describe(sf, line, decl):
        return (f"{display_path(sf.path)}:{line}: {LAYERS[sf.layer][0]} -> "
                f"{LAYERS[decl.layer][0]}: {decl.name} (declared in {display_path(decl.path)})")

    for w in warnings:
        print(w, file=sys.stderr)
    for e, used in enumerate(exception_used):
        if not used:
            pattern, type_pattern, _ = EXCEPTIONS[e]
            print(f"warning: exception ({pattern!r}, {type_pattern!r}) matches no reference",
                  file=sys.stderr)
    sys.stderr.flush()

    ordered = sorted(violations.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2]))
    printed = False
    if not args.summary:
        for _, (sf, line, decl) in ordered:
            print(describe(sf, line, decl))
            printed = True
    if args.verbose and allowed:
        if printed:
            print()
        print("allowed exceptions:")
        for _, (sf, line, decl, reason) in sorted(allowed.items()):
            print(f"{describe(sf, line, decl)} -- {reason}")
        printed = True
    if printed:
        print()

    directions = {}  # (from layer, to layer) -> [references, files]
    for _, (sf, line, decl) in ordered:
        entry = directions.setdefault((sf.layer, decl.layer), [0, set()])
        entry[0] += 1
        entry[1].add(sf.rel)
    for (a, b), (refs, paths) in sorted(directions.items()):
        print(f"{LAYERS[a][0]} -> {LAYERS[b][0]}: {refs} "
              f"reference{'s' if refs != 1 else ''} in {len(paths)} file{'s' if len(paths) != 1 else ''}")
    if allowed:
        print(f"{len(allowed)} allowed exception{'s' if len(allowed) != 1 else ''}")
    if ordered:
        print(f"{len(ordered)} references to higher layers")
        return 1
    ntypes = len({d.name for decls in table.values() for d in decls if not d.private})
    print(f"layers ok: {len(files)} files, {ntypes} types")
    return 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet `| head`
    sys.exit(main())
