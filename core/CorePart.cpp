// Placeholder translation unit for a core part that has no sources yet.
namespace sp::detail {
int corePartPlaceholder() { return 0; }
} // namespace sp::detail
