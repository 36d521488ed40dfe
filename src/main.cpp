#include "cli/app.h"

int main(int argc, char** argv) {
  return versus::cli::main(argc, argv);
}
