/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Int]) -> Double {
    precondition(!values.isEmpty, "median of no values")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? Double(sorted[middle - 1] + sorted[middle]) / 2 : Double(sorted[middle])
}
