#pragma once
// The command line: parses arguments and wires config -> run -> results -> report.
namespace versus::cli {
int main(int argc, char** argv);
}
