#pragma once
// LOAD DATA LOCAL INFILE fed from a RowSource: Connector/C asks for the "file" in chunks
// and gets generated rows, so no file is written and the server parses no SQL per row.
// The connection must have been opened with local_infile on; the server may still refuse
// (local_infile=OFF), which load_data_local reports as `refused` so the caller can fall back.
#include <string>

#include "client/connection.h"
#include "load/row_source.h"
#include "util/expected.h"

namespace versus::load {

enum class InfileOutcome { loaded, refused };

// Sends every remaining row of `rows` into `table` (columns id, k, c, pad) with one
// LOAD DATA LOCAL statement.
Expected<InfileOutcome> load_data_local(client::Connection& conn, const std::string& table,
                                        RowSource& rows);

// The statement load_data_local runs (exposed for tests).
std::string load_data_sql(const std::string& table);

}  // namespace versus::load
