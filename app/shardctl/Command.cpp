#include "Command.h"

namespace sp::cli {

std::vector<Command::Factory> &Command::registry()
{
    static std::vector<Factory> r;
    return r;
}

std::unique_ptr<Command> Command::create(const QString &name)
{
    for (const auto &f : registry()) {
        auto c = f();
        if (c->name() == name)
            return c;
    }
    return nullptr;
}

std::vector<std::unique_ptr<Command>> Command::all()
{
    std::vector<std::unique_ptr<Command>> out;
    for (const auto &f : registry())
        out.push_back(f());
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a->name() < b->name(); });
    return out;
}

} // namespace sp::cli
