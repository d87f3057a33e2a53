/// One escaper per medium FaceBench writes text from strangers into — Markdown (report.md,
/// `compare --markdown`, `run --format markdown`, eval's tables), the terminal, CSV — used
/// by every writer of that medium (HTML has `HTMLText`; HTML and XML share `MarkupText`). Names, messages and strings come
/// from exec handshakes, error messages, image names and results.json, so none may open an
/// HTML tag or comment, a link or image, a new line or heading, a terminal escape sequence
/// or a spreadsheet formula.
public enum MarkdownText {
    /// `text` for one line of Markdown, rendering as itself: every control character
    /// (newlines, tabs, ESC) becomes a space, and `\`, `` ` ``, `<`, `>`, `[`, `]`, `|` and
    /// `&` are backslash-escaped, so no HTML, comment, link, image, entity, code span, table
    /// cell or new line can start. An escaped punctuation character renders as that
    /// character, so a line of FaceBench's own (`**bold**`) passes unchanged, and a
    /// `` `name` `` of its own shows its backticks rather than starting code a stranger's
    /// backtick could end.
    ///
    /// Nor can a bare URL become a link (GitHub's autolinks: `http://`, `https://`, `ftp://`,
    /// `www.`, e-mail addresses, `mailto:`): the `:` of `://` and the `.` of `www.` are
    /// backslash-escaped, which GitHub's parser (cmark-gfm) honours. An e-mail address is
    /// found after escapes are resolved, so no escape can hide its `@`; a word joiner
    /// (U+2060, invisible) goes before an `@` between what could be an address's two parts.
    public static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            if TerminalText.isControl(scalar) {
                out.append(" ")
                continue
            }
            if "\\`<>[]|&".unicodeScalars.contains(scalar) || startsURL(scalars, colonAt: index) || endsWWW(scalars, dotAt: index) {
                out.append("\\")
            } else if scalar == "@", let previous = out.last, isAddressCharacter(previous), startsDomain(scalars, after: index) {
                out.append(wordJoiner)
            }
            out.append(scalar)
        }
        return String(out)
    }

    static let wordJoiner: Unicode.Scalar = "\u{2060}"

    /// The `:` of `scheme://`.
    static func startsURL(_ scalars: [Unicode.Scalar], colonAt index: Int) -> Bool {
        scalars[index] == ":" && index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
    }

    /// The `.` of `www.`, in any case.
    static func endsWWW(_ scalars: [Unicode.Scalar], dotAt index: Int) -> Bool {
        scalars[index] == "." && index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
    }

    /// What GitHub's autolinker takes as the local part of an e-mail address, before its `@`.
    static func isAddressCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".+-_".unicodeScalars.contains(scalar))
    }

    /// Whether what follows the `@` at `index` could be an address's domain: a dot and a
    /// letter among the characters a domain may hold (so FaceBench's own `FR@0.10` stays as it is).
    static func startsDomain(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        let domain = scalars[(index + 1)...].prefix { isAddressCharacter($0) && $0 != "+" }
        return domain.contains(".") && domain.contains { $0.properties.isAlphabetic }
    }

    /// `text` as one inline code span, whatever backticks and controls it holds.
    public static func code(_ text: String) -> String {
        let clean = TerminalText.spacingControls(text)
        var longest = 0, run = 0
        for character in clean {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = clean.hasPrefix("`") || clean.hasSuffix("`") || clean.isEmpty ? " " : ""
        return fence + padding + clean + padding + fence
    }
}

public enum TerminalText {
    /// `text` with every control character (`isControl`) made a space.
    public static func spacingControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    /// C0 controls, DEL and C1 controls (CSI is U+009B), and Unicode line separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` safe to print: every control character but the newline is shown as `\x1B`,
    /// `\r`, `\t`…, so a program's message cannot move the cursor, recolour, retitle the
    /// terminal or overwrite a line. The newline stays (messages span lines).
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || !isControl(scalar) {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

/// Text into HTML or XML, as element content or a quoted attribute value (the HTML report,
/// Pascal VOC annotations): `&`, `<`, `>` and both quotes become entities.
public enum MarkupText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

public enum CSVText {
    /// One RFC 4180 field: quoted when it holds a comma, a quote or a line break; a text
    /// that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or
    /// a carriage return) gets a leading `'`. Numbers are written by the caller as they are.
    public static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
