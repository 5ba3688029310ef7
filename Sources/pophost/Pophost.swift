import ArgumentParser
@main struct Pophost: ParsableCommand { func run() {} }
