# Sourced by fuzz/run.sh and tests/e2e/fuzz.sh (from the repository root).
# seed_dirs NAME: the seed folders of harness NAME, one a line: the test
# folders whose files are inputs of its format (used in place, not copied)
# and fuzz/seeds/NAME for inputs found nowhere else.
seed_dirs() {
  case $1 in
    c) echo tests/c ;;
  esac
  [ -d "fuzz/seeds/$1" ] && echo "fuzz/seeds/$1"
  return 0
}
