#include "results/record/why_record.h"

#include "results/record/json_fields.h"
#include "util/whole_file.h"

namespace versus::results {
namespace fs = std::filesystem;

template <class V>
void fields(V& v, Visited<V, WhyDesign::Part>& p) {
  v.required("group", p.group);
  v.required("server", p.server);
  v.required("alike", p.alike);
}

template <class V>
void fields(V& v, Visited<V, WhyDesign>& d) {
  v.required("baseline", d.baseline);
  v.required("column", d.column);
  v.required("profile", d.profile);
  v.required("groups", d.groups);
  v.required("all_alike", d.all_alike);
  v.required("cannot", d.cannot);
  v.optional("left_out", d.left_out);
  v.optional("within", d.within, When{!d.within.empty()});
}

template <class V>
void fields(V& v, Visited<V, ExplainSkip>& s) {
  v.required("column", s.column);
  v.required("why", s.why);
}

namespace {
struct ExplainFile {
  std::vector<ExplainSkip> skipped;
};

template <class V>
void fields(V& v, Visited<V, ExplainFile>& f) {
  v.required("skipped", f.skipped);
}

template <class T>
Expected<T> read_record_file(const fs::path& file) {
  auto text = read_whole_file(file);
  if (!text) return fail(text.error());
  const auto parsed = nlohmann::ordered_json::parse(*text, nullptr, false);
  if (parsed.is_discarded()) return fail(file.string() + ": not JSON");
  auto value = read_json<T>(parsed, "");
  if (!value) return fail(value.error().context(file.string()));
  return value;
}
}  // namespace

Expected<void> save_why_design(const fs::path& why_dir, const WhyDesign& design) {
  std::error_code ec;
  fs::create_directories(why_dir, ec);
  if (ec) return fail("cannot create " + why_dir.string() + ": " + ec.message());
  return write_file_atomically(why_dir / kWhyDesignFile, write_json(design).dump(2) + "\n");
}

Expected<WhyDesign> load_why_design(const fs::path& why_dir) {
  return read_record_file<WhyDesign>(why_dir / kWhyDesignFile);
}

Expected<void> save_explain_skips(const fs::path& run_dir, const std::vector<ExplainSkip>& skips) {
  return write_file_atomically(run_dir / kExplainFile,
                               write_json(ExplainFile{skips}).dump(2) + "\n");
}

Expected<std::vector<ExplainSkip>> load_explain_skips(const fs::path& run_dir) {
  if (!fs::exists(run_dir / kExplainFile)) return std::vector<ExplainSkip>{};
  auto file = read_record_file<ExplainFile>(run_dir / kExplainFile);
  if (!file) return fail(file.error());
  return std::move(file->skipped);
}

}  // namespace versus::results
