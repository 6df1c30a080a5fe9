#include "compile/front_end/front_end_wire.h"

#include <tiletune/error.h>

#include <cstdint>
#include <cstring>
#include <exception>

namespace tiletune::detail {
namespace {

// Host byte order: the two ends are one build on one machine (pipe_io's version says which).
class Writer {
 public:
  void number(std::int64_t value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void text(std::string_view value) {
    number(static_cast<std::int64_t>(value.size()));
    bytes_.append(value);
  }
  void texts(const std::vector<std::string>& values) {
    number(static_cast<std::int64_t>(values.size()));
    for (const std::string& value : values) text(value);
  }
  void numbers(const std::vector<int>& values) {
    number(static_cast<std::int64_t>(values.size()));
    for (int value : values) number(value);
  }
  std::string take() && { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// Reads what Writer wrote; any read past the end, or a count that cannot be, leaves it failed,
// and every later read then gives an empty value.
class Reader {
 public:
  explicit Reader(const std::string& bytes) : rest_(bytes) {}

  std::int64_t number() {
    std::int64_t value = 0;
    if (rest_.size() < sizeof value) return fail();
    std::memcpy(&value, rest_.data(), sizeof value);
    rest_.remove_prefix(sizeof value);
    return value;
  }
  std::string text() {
    const std::int64_t size = count(1);
    std::string value(rest_.substr(0, static_cast<std::size_t>(size)));
    rest_.remove_prefix(static_cast<std::size_t>(size));
    return value;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> values(static_cast<std::size_t>(count(sizeof(std::int64_t))));
    for (std::string& value : values) value = text();
    return values;
  }
  std::vector<int> numbers() {
    std::vector<int> values(static_cast<std::size_t>(count(sizeof(std::int64_t))));
    for (int& value : values) value = static_cast<int>(number());
    return values;
  }
  // Everything read, nothing left over.
  bool whole() const { return !failed_ && rest_.empty(); }

 private:
  std::int64_t fail() {
    failed_ = true;
    rest_ = {};
    return 0;
  }
  // A count of items at least `item_size` bytes each: no more than the bytes left could hold.
  std::int64_t count(std::size_t item_size) {
    const std::int64_t n = number();
    if (n < 0 || static_cast<std::uint64_t>(n) > rest_.size() / item_size) return fail();
    return n;
  }

  std::string_view rest_;
  bool failed_ = false;
};

constexpr std::string_view kHello = "tiletune-nvrtc-worker";

}  // namespace

FrontEndInput FrontEndRequest::input() const {
  return FrontEndInput{source, source_name, {}, options, arch, cubin};
}

FrontEndBatchOutput FrontEndReply::take() && {
  switch (kind) {
    case Kind::kOutput:
      return std::move(output);
    case Kind::kCompileError:
      throw CompileError(message, std::move(log));
    case Kind::kError:
      break;
  }
  throw Error(message);
}

std::string encode_request(const FrontEndInput& input,
                           const std::vector<std::string>& name_expressions) {
  Writer out;
  out.text(input.source);
  out.text(input.source_name);
  out.texts(input.options);
  out.number(input.arch);
  out.number(input.cubin ? 1 : 0);
  out.texts(name_expressions);
  return std::move(out).take();
}

std::optional<FrontEndRequest> decode_request(const std::string& bytes) {
  Reader in(bytes);
  FrontEndRequest request;
  request.source = in.text();
  request.source_name = in.text();
  request.options = in.texts();
  request.arch = static_cast<int>(in.number());
  request.cubin = in.number() != 0;
  request.name_expressions = in.texts();
  if (!in.whole()) return std::nullopt;
  return request;
}

FrontEndReply run_front_end(const FrontEndRequest& request) {
  FrontEndReply reply;
  try {
    reply.output = compile_to_ptx(request.input(), request.name_expressions);
  } catch (const CompileError& e) {
    reply.kind = FrontEndReply::Kind::kCompileError;
    reply.message = e.what();
    reply.log = e.log();
  } catch (const std::exception& e) {
    reply.kind = FrontEndReply::Kind::kError;
    reply.message = e.what();
  }
  return reply;
}

std::string encode_hello(pid_t pid) {
  Writer out;
  out.text(kHello);
  out.number(pid);
  return std::move(out).take();
}

std::optional<pid_t> decode_hello(const std::string& bytes) {
  Reader in(bytes);
  const std::string hello = in.text();
  const std::int64_t pid = in.number();
  if (!in.whole() || hello != kHello || pid <= 0 || pid > std::int64_t{1} << 30)
    return std::nullopt;
  return static_cast<pid_t>(pid);
}

std::string encode_reply(const FrontEndReply& reply) {
  Writer out;
  out.number(static_cast<std::int64_t>(reply.kind));
  if (reply.kind == FrontEndReply::Kind::kOutput) {
    const FrontEndBatchOutput& o = reply.output;
    out.text(o.ptx);
    out.text(std::string_view(o.cubin.data(), o.cubin.size()));
    out.texts(o.lowered_names);
    out.numbers(o.registers);
    out.numbers(o.spill_bytes);
    out.text(o.log);
  } else {
    out.text(reply.message);
    out.text(reply.log);
  }
  return std::move(out).take();
}

std::optional<FrontEndReply> decode_reply(const std::string& bytes) {
  Reader in(bytes);
  FrontEndReply reply;
  const std::int64_t kind = in.number();
  if (kind == static_cast<std::int64_t>(FrontEndReply::Kind::kOutput)) {
    FrontEndBatchOutput& o = reply.output;
    o.ptx = in.text();
    const std::string cubin = in.text();
    o.cubin.assign(cubin.begin(), cubin.end());
    o.lowered_names = in.texts();
    o.registers = in.numbers();
    o.spill_bytes = in.numbers();
    o.log = in.text();
  } else if (kind == static_cast<std::int64_t>(FrontEndReply::Kind::kCompileError) ||
             kind == static_cast<std::int64_t>(FrontEndReply::Kind::kError)) {
    reply.kind = static_cast<FrontEndReply::Kind>(kind);
    reply.message = in.text();
    reply.log = in.text();
  } else {
    return std::nullopt;
  }
  if (!in.whole()) return std::nullopt;
  return reply;
}

}  // namespace tiletune::detail
