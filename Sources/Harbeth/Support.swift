extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            view.removeFirst()
        }
        while let last = view.last, last == " " || last == "\t" || last == "\n" || last == "\r" { view.removeLast() }
        return String(view)
    }
}
