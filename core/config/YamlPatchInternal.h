#pragma once
// Shared by YamlPatch.cpp (scalars) and YamlPatchEntries.cpp (whole entries); not a public header.
#include "core/config/YamlPatch.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace sp::yamlpatch {

struct Step
{
    std::string key; // mapping key
    int index = -1;  // >= 0: sequence item
};

inline bool isFlow(const YAML::Node &n)
{
    return (n.IsMap() || n.IsSequence()) && n.Style() == YAML::EmitterStyle::Flow;
}

// The node at a concrete path; an undefined node when the path does not exist.
YAML::Node nodeAt(const YAML::Node &root, const std::vector<Step> &path);

} // namespace sp::yamlpatch

namespace sp {

struct YamlPatch::Doc
{
    YAML::Node root;
    QList<int> starts;
    bool bom = false;

    int offsetOf(const YAML::Mark &m) const
    {
        if (m.line < 0 || m.line >= starts.size())
            return -1;
        return starts.at(m.line) + m.column + (m.line == 0 && bom ? 3 : 0);
    }
};

struct YamlPatch::Found
{
    YAML::Node node;
    bool inFlow = false; // inside a flow collection
    int keyOffset = -1;  // of the mapping key naming the node, when there is one
    int nodeOffset = -1;
    std::vector<yamlpatch::Step> path; // concrete, from the root
};

} // namespace sp
