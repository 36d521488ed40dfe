#include "load/family/tpcc/tpcc_schema.h"

#include "load/data/schema.h"

namespace versus::load::tpcc {

namespace {
struct TableText {
  std::string_view name, columns, definition, index;
};

// Column types as the specification's minimums (clause 1.3), as tpcc-mysql declares them, but
// the counters and year-to-date sums every transaction adds to (w_ytd, d_ytd, c_balance,
// c_ytd_payment, c_payment_cnt, c_delivery_cnt, s_ytd, s_order_cnt, s_remote_cnt): wide enough
// that no run versus plans (a week at 10,000 transactions/s on one warehouse, counting an
// instance's cells together under lifecycle: server) can overflow them. tpcc-mysql's SMALLINT
// s_order_cnt reached 32,767 within 15-30 minutes at a few thousand transactions/s, and a strict
// sql_mode then fails the faster release first.
constexpr std::array<TableText, 9> kTableTexts = {{
    {"item", "i_id, i_im_id, i_name, i_price, i_data",
     "i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24), i_price DECIMAL(5,2), "
     "i_data VARCHAR(50), PRIMARY KEY (i_id)",
     ""},
    {"warehouse", "w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd",
     "w_id SMALLINT NOT NULL, w_name VARCHAR(10), w_street_1 VARCHAR(20), "
     "w_street_2 VARCHAR(20), w_city VARCHAR(20), w_state CHAR(2), w_zip CHAR(9), "
     "w_tax DECIMAL(4,4), w_ytd DECIMAL(18,2), PRIMARY KEY (w_id)",
     ""},
    {"district",
     "d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, "
     "d_next_o_id",
     "d_id TINYINT NOT NULL, d_w_id SMALLINT NOT NULL, d_name VARCHAR(10), "
     "d_street_1 VARCHAR(20), d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), "
     "d_zip CHAR(9), d_tax DECIMAL(4,4), d_ytd DECIMAL(18,2), d_next_o_id INT, "
     "PRIMARY KEY (d_w_id, d_id)",
     ""},
    {"customer",
     "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, "
     "c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, "
     "c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data",
     "c_id INT NOT NULL, c_d_id TINYINT NOT NULL, c_w_id SMALLINT NOT NULL, "
     "c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20), "
     "c_street_2 VARCHAR(20), c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9), "
     "c_phone CHAR(16), c_since DATETIME, c_credit CHAR(2), c_credit_lim BIGINT, "
     "c_discount DECIMAL(4,4), c_balance DECIMAL(18,2), c_ytd_payment DECIMAL(18,2), "
     "c_payment_cnt BIGINT, c_delivery_cnt BIGINT, c_data TEXT, "
     "PRIMARY KEY (c_w_id, c_d_id, c_id)",
     "CREATE INDEX idx_customer ON customer (c_w_id, c_d_id, c_last, c_first)"},
    {"history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data",
     "h_c_id INT, h_c_d_id TINYINT, h_c_w_id SMALLINT, h_d_id TINYINT, h_w_id SMALLINT, "
     "h_date DATETIME, h_amount DECIMAL(6,2), h_data VARCHAR(24)",
     ""},
    {"orders", "o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local",
     "o_id INT NOT NULL, o_d_id TINYINT NOT NULL, o_w_id SMALLINT NOT NULL, o_c_id INT, "
     "o_entry_d DATETIME, o_carrier_id TINYINT, o_ol_cnt TINYINT, o_all_local TINYINT, "
     "PRIMARY KEY (o_w_id, o_d_id, o_id)",
     "CREATE INDEX idx_orders ON orders (o_w_id, o_d_id, o_c_id, o_id)"},
    {"new_order", "no_o_id, no_d_id, no_w_id",
     "no_o_id INT NOT NULL, no_d_id TINYINT NOT NULL, no_w_id SMALLINT NOT NULL, "
     "PRIMARY KEY (no_w_id, no_d_id, no_o_id)",
     ""},
    {"order_line",
     "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, "
     "ol_quantity, ol_amount, ol_dist_info",
     "ol_o_id INT NOT NULL, ol_d_id TINYINT NOT NULL, ol_w_id SMALLINT NOT NULL, "
     "ol_number TINYINT NOT NULL, ol_i_id INT, ol_supply_w_id SMALLINT, ol_delivery_d DATETIME, "
     "ol_quantity TINYINT, ol_amount DECIMAL(6,2), ol_dist_info CHAR(24), "
     "PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)",
     ""},
    {"stock",
     "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, "
     "s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, "
     "s_data",
     "s_i_id INT NOT NULL, s_w_id SMALLINT NOT NULL, s_quantity SMALLINT, s_dist_01 CHAR(24), "
     "s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24), s_dist_05 CHAR(24), "
     "s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24), s_dist_09 CHAR(24), "
     "s_dist_10 CHAR(24), s_ytd DECIMAL(18,0), s_order_cnt BIGINT, s_remote_cnt BIGINT, "
     "s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id)",
     ""},
}};

const TableText& table_text_of(Table t) {
  return kTableTexts[static_cast<std::size_t>(t)];
}
}  // namespace

std::string_view table_name(Table t) {
  return table_text_of(t).name;
}

std::string_view column_list(Table t) {
  return table_text_of(t).columns;
}

std::string create_table_sql(Table t, std::string_view engine, std::string_view charset,
                             std::string_view collation) {
  const TableText& x = table_text_of(t);
  return "CREATE TABLE " + std::string(x.name) + " (" + std::string(x.definition) +
         ") ENGINE = " + std::string(engine) + load::table_charset_clause(charset, collation);
}

std::string create_index_sql(Table t) {
  return std::string(table_text_of(t).index);
}

std::string drop_table_sql(Table t) {
  return "DROP TABLE IF EXISTS " + std::string(table_name(t));
}

}  // namespace versus::load::tpcc
