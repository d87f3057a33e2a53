import FaceBenchModel

/// Splits a command line into words the way a POSIX shell does for simple commands:
/// whitespace separates words, single quotes keep everything literally, double quotes keep
/// spaces (and honour `\"` and `\\`), a backslash outside quotes escapes the next character.
/// No variables, globs or redirections: the program is started directly, not by a shell.
enum CommandWords {
    static func split(_ text: String, spec: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                if quote == "\"", character != "\"", character != "\\" { current.append("\\") }
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw FaceBenchError.invalidSpec(spec: spec, reason: "unterminated \(quote) quote in the command") }
        if escaped { throw FaceBenchError.invalidSpec(spec: spec, reason: "the command ends with a lone backslash") }
        if inWord { words.append(current) }
        return words
    }
}
