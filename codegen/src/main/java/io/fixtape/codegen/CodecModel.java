package io.fixtape.codegen;

import io.fixtape.codegen.ContainerModel.FieldMember;
import io.fixtape.codegen.ContainerModel.GroupMember;
import io.fixtape.codegen.ContainerModel.Placement;
import io.fixtape.engine.dictionary.ContainerDefinition;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.MessageDefinition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything generated for one dictionary: enums, components, groups, messages and the header, built from the
 * engine's {@link Dictionary} (tags, types, required tags, delimiters, valid enum values) and the dictionary's
 * {@link DictionaryStructure} (nesting, enum names). Every root's tags are checked against the engine's flattened
 * definition, so generated decoders and encoders agree with what the engine's validator accepts.
 *
 * <p>Generation time only.
 */
final class CodecModel
{
    private final String packageName;
    private final String source;
    private final Dictionary dictionary;
    private final boolean requiredChecks;
    private final List<EnumModel> enums;
    private final List<MessageModel> messages;
    private final List<ComponentModel> components;
    private final List<GroupModel> groups;
    private final MessageModel header;

    private CodecModel(final Builder builder, final List<MessageModel> messages, final MessageModel header)
    {
        this.packageName = builder.packageName;
        this.source = builder.source;
        this.dictionary = builder.dictionary;
        this.requiredChecks = builder.requiredChecks;
        this.enums = List.copyOf(builder.enums.values());
        this.messages = List.copyOf(messages);
        final List<ComponentModel> built = new ArrayList<>();
        for (final String name : builder.structure.components().keySet())
        {
            if (builder.components.containsKey(name))
            {
                built.add(builder.components.get(name));
            }
        }
        this.components = List.copyOf(built);
        this.groups = List.copyOf(builder.groups.values());
        this.header = header;
    }

    /**
     * @param source         the dictionary's file name, for the generated files' header comment.
     * @param requiredChecks whether encoders track required fields and report a missing one.
     */
    static CodecModel build(
        final Dictionary dictionary, final DictionaryStructure structure, final String packageName, final String source,
        final boolean requiredChecks)
    {
        return new Builder(dictionary, structure, packageName, source, requiredChecks).build();
    }

    String packageName()
    {
        return packageName;
    }

    String source()
    {
        return source;
    }

    Dictionary dictionary()
    {
        return dictionary;
    }

    boolean requiredChecks()
    {
        return requiredChecks;
    }

    List<EnumModel> enums()
    {
        return enums;
    }

    List<MessageModel> messages()
    {
        return messages;
    }

    List<ComponentModel> components()
    {
        return components;
    }

    List<GroupModel> groups()
    {
        return groups;
    }

    /** The header, or null when the dictionary has none (FIX 5.0 application dictionaries). */
    MessageModel header()
    {
        return header;
    }

    private static final class Builder
    {
        /** Enum names that would hide a type generated code refers to. */
        private static final Set<String> RESERVED_TYPES = Set.of(
            "String", "Object", "Override", "CharSequence", "StringBuilder", "Iterable", "Iterator", "Enum", "Class",
            "Integer", "Long", "Character", "Boolean", "Math", "System", "Arrays", "Deprecated", "SuppressWarnings",
            "Decimal", "FixDecoder", "FixEncoder", "SessionHandle", "AsciiSequenceView", "DirectBuffer",
            "MutableDirectBuffer", "DecoderScope", "EncoderScope", "GroupDecoder", "GroupEncoder", "Printing",
            "EnumCodes", "MessageTypes", "MessageDispatcher");

        private final Dictionary dictionary;
        private final DictionaryStructure structure;
        private final String packageName;
        private final String source;
        private final boolean requiredChecks;
        private final Map<String, FieldModel> fields = new LinkedHashMap<>();
        private final Map<String, EnumModel> enums = new LinkedHashMap<>();
        private final Map<String, ComponentModel> components = new LinkedHashMap<>();
        private final Set<String> building = new LinkedHashSet<>();
        private final Map<String, GroupModel> groups = new LinkedHashMap<>();
        private final Map<String, GroupModel> groupsBySignature = new LinkedHashMap<>();
        private final Map<String, Map<String, Integer>> groupLayouts = new LinkedHashMap<>();
        private final Set<String> classNames = new LinkedHashSet<>();
        private final List<RootModel> roots = new ArrayList<>();

        Builder(
            final Dictionary dictionary, final DictionaryStructure structure, final String packageName,
            final String source, final boolean requiredChecks)
        {
            this.dictionary = dictionary;
            this.structure = structure;
            this.packageName = packageName;
            this.source = source;
            this.requiredChecks = requiredChecks;
        }

        CodecModel build()
        {
            for (final String name : structure.enumFields())
            {
                if (dictionary.field(name) != null)
                {
                    field(name);
                }
            }
            collectGroupVariants();
            final List<MessageModel> messages = new ArrayList<>();
            for (final DictionaryStructure.Message message : structure.messages())
            {
                classNames.add(Names.type(message.name()));
            }
            classNames.add("Header");
            for (final DictionaryStructure.Message message : structure.messages())
            {
                final MessageDefinition definition = dictionary.message(message.msgType());
                if (definition == null)
                {
                    throw error("message " + message.name() + " (" + message.msgType() + ") is unknown to the engine");
                }
                final String base = Names.type(message.name());
                final MessageModel model = new MessageModel(message.name(), base, message.msgType(), definition.isAdmin());
                addMembers(model, message.entries(), base);
                check(model, definition, message.name());
                messages.add(model);
                roots.add(model);
            }
            MessageModel header = null;
            if (dictionary.header() != null && !structure.header().isEmpty())
            {
                header = new MessageModel("Header", "Header", null, true);
                addMembers(header, structure.header(), "Header");
                check(header, dictionary.header(), "header");
            }
            if (requiredChecks)
            {
                trackRequiredFields();
            }
            return new CodecModel(this, messages, header);
        }

        private FieldModel field(final String name)
        {
            final FieldModel existing = fields.get(name);
            if (existing != null)
            {
                return existing;
            }
            final io.fixtape.engine.dictionary.FieldDefinition definition = dictionary.field(name);
            if (definition == null)
            {
                throw error("field " + name + " is not defined");
            }
            FieldKind kind = FieldKind.of(definition.type());
            final EnumModel enumModel = enumModel(definition, kind);
            if (enumModel != null && enumModel.base() == EnumModel.Base.STRING &&
                (kind == FieldKind.CHAR || kind == FieldKind.INT))
            {
                kind = FieldKind.STRING; // enumerated values that do not fit the declared type: read as text
            }
            final FieldModel model = new FieldModel(definition, kind, enumModel);
            fields.put(name, model);
            return model;
        }

        private EnumModel enumModel(final io.fixtape.engine.dictionary.FieldDefinition definition, final FieldKind kind)
        {
            if (definition.enumValues() == null || kind == FieldKind.BOOLEAN)
            {
                return null;
            }
            final List<DictionaryStructure.EnumValue> values = new ArrayList<>();
            for (final DictionaryStructure.EnumValue value : structure.enumValues(definition.name()))
            {
                // the engine's values are the valid ones (spec errata applied to the standard files)
                if (definition.enumValues().contains(value.value()) && !value.value().isEmpty())
                {
                    values.add(value);
                }
            }
            if (values.isEmpty())
            {
                return null;
            }
            final boolean multiple = definition.type().isMultipleValue();
            final EnumModel.Base base = enumBase(definition.type(), kind, values);
            final Set<String> used = new LinkedHashSet<>(List.of("NULL_VAL", "UNKNOWN"));
            final List<EnumModel.Constant> constants = new ArrayList<>();
            for (final DictionaryStructure.EnumValue value : values)
            {
                String name = Names.enumConstant(value.description().isEmpty() ? "VALUE_" + value.value() :
                    value.description());
                if (!used.add(name))
                {
                    name = Names.enumConstant(name + "_" + value.value());
                    used.add(name);
                }
                constants.add(new EnumModel.Constant(name, value.value()));
            }
            String className = Names.type(definition.name());
            if (RESERVED_TYPES.contains(className))
            {
                className += "Enum";
            }
            final EnumModel model = new EnumModel(className, definition.name(), definition.tag(), base, multiple, constants);
            enums.put(definition.name(), model);
            return model;
        }

        private static EnumModel.Base enumBase(
            final io.fixtape.engine.dictionary.FieldType type, final FieldKind kind,
            final List<DictionaryStructure.EnumValue> values)
        {
            final boolean allSingleChars = values.stream().allMatch(v -> v.value().length() == 1);
            if ((kind == FieldKind.CHAR || type == io.fixtape.engine.dictionary.FieldType.MULTIPLECHARVALUE) &&
                allSingleChars)
            {
                return EnumModel.Base.CHAR;
            }
            if (kind == FieldKind.INT && values.stream().allMatch(v -> v.value().matches("-?[0-9]{1,9}")))
            {
                return EnumModel.Base.INT;
            }
            return EnumModel.Base.STRING;
        }

        private void collectGroupVariants()
        {
            for (final List<DictionaryStructure.Entry> entries : structure.components().values())
            {
                collectGroupVariants(entries);
            }
            for (final DictionaryStructure.Message message : structure.messages())
            {
                collectGroupVariants(message.entries());
            }
            collectGroupVariants(structure.header());
        }

        private void collectGroupVariants(final List<DictionaryStructure.Entry> entries)
        {
            for (final DictionaryStructure.Entry entry : entries)
            {
                if (entry.kind() == DictionaryStructure.Kind.GROUP)
                {
                    groupLayouts.computeIfAbsent(entry.name(), n -> new LinkedHashMap<>())
                        .merge(signature(entry), 1, Integer::sum);
                    collectGroupVariants(entry.children());
                }
            }
        }

        private static String signature(final DictionaryStructure.Entry entry)
        {
            final StringBuilder out = new StringBuilder();
            appendSignature(out, entry);
            return out.toString();
        }

        private static void appendSignature(final StringBuilder out, final DictionaryStructure.Entry entry)
        {
            out.append(entry.kind().name().charAt(0)).append(entry.name()).append(entry.required() ? "!" : "");
            if (entry.kind() == DictionaryStructure.Kind.GROUP)
            {
                out.append('[');
                for (final DictionaryStructure.Entry child : entry.children())
                {
                    appendSignature(out, child);
                    out.append(',');
                }
                out.append(']');
            }
        }

        private void addMembers(
            final ContainerModel container, final List<DictionaryStructure.Entry> entries, final String ownerBase)
        {
            for (final DictionaryStructure.Entry entry : entries)
            {
                switch (entry.kind())
                {
                    case FIELD:
                        container.add(new FieldMember(field(entry.name()), entry.required()));
                        break;
                    case COMPONENT:
                        container.add(new ContainerModel.ComponentMember(component(entry.name()), entry.required()));
                        break;
                    default:
                        container.add(new GroupMember(field(entry.name()), group(entry, ownerBase), entry.required()));
                        break;
                }
            }
        }

        private ComponentModel component(final String name)
        {
            final ComponentModel existing = components.get(name);
            if (existing != null)
            {
                return existing;
            }
            final List<DictionaryStructure.Entry> entries = structure.components().get(name);
            if (entries == null)
            {
                throw error("component " + name + " is not defined");
            }
            if (!building.add(name))
            {
                throw error("component " + name + " contains itself");
            }
            String base = Names.type(name);
            if (!classNames.add(base))
            {
                base += "Component";
                if (!classNames.add(base))
                {
                    throw error("component " + name + ": class name " + base + " is taken");
                }
            }
            final ComponentModel model = new ComponentModel(name, base);
            addMembers(model, entries, base);
            building.remove(name);
            components.put(name, model);
            return model;
        }

        /**
         * One class per distinct group layout. The layout most owners of a group use (the first on a tie) is named
         * after the group ({@code NoPartyIDs}); another layout after the first owner that uses it and the group
         * ({@code NewOrderSingleNoAllocs}), and shared by every owner with that layout.
         */
        private GroupModel group(final DictionaryStructure.Entry entry, final String ownerBase)
        {
            final String signature = signature(entry);
            final GroupModel existing = groupsBySignature.get(signature);
            if (existing != null)
            {
                return existing;
            }
            final String name = Names.type(entry.name());
            final String preferred = signature.equals(commonLayout(entry.name())) ? name : ownerBase + name;
            String base = preferred;
            for (int suffix = 2; !classNames.add(base + "Group"); suffix++)
            {
                base = preferred + suffix;
            }
            final GroupModel model = new GroupModel(field(entry.name()), base, signature);
            groupsBySignature.put(signature, model);
            groups.put(base, model);
            addMembers(model, entry.children(), base);
            return model;
        }

        private String commonLayout(final String groupName)
        {
            String common = null;
            int most = 0;
            for (final Map.Entry<String, Integer> layout : groupLayouts.get(groupName).entrySet())
            {
                if (layout.getValue() > most)
                {
                    common = layout.getKey();
                    most = layout.getValue();
                }
            }
            return common;
        }

        /** The root's tags must be exactly the engine's; groups get their delimiter and required tags from it. */
        private void check(final RootModel root, final ContainerDefinition definition, final String where)
        {
            final Set<Integer> tags = new LinkedHashSet<>();
            for (final Placement placement : root.placements())
            {
                tags.add(placement.tag());
            }
            final Set<Integer> engineTags = new LinkedHashSet<>();
            for (final int tag : definition.fields())
            {
                engineTags.add(tag);
            }
            if (!tags.equals(engineTags))
            {
                final Set<Integer> onlyHere = new LinkedHashSet<>(tags);
                onlyHere.removeAll(engineTags);
                final Set<Integer> onlyEngine = new LinkedHashSet<>(engineTags);
                onlyEngine.removeAll(tags);
                throw error(where + ": layout disagrees with the engine's dictionary (tags only in the structure " +
                    onlyHere + ", only in the engine " + onlyEngine + ")");
            }
            root.requiredTags(requiredTags(definition));
            for (final Placement placement : root.placements())
            {
                if (placement.member() instanceof GroupMember member)
                {
                    final io.fixtape.engine.dictionary.GroupDefinition group = definition.group(placement.tag());
                    if (group == null)
                    {
                        throw error(where + ": group " + member.countField.name() + " has no fields");
                    }
                    checkGroup(member.group, group, where + "/" + member.countField.name());
                }
            }
        }

        private void checkGroup(
            final GroupModel group, final io.fixtape.engine.dictionary.GroupDefinition definition, final String where)
        {
            if (group.delimiterTag() == 0)
            {
                group.delimiterTag(definition.delimiterTag());
                check(group, definition, where);
                roots.add(group);
                return;
            }
            if (group.delimiterTag() != definition.delimiterTag() ||
                !java.util.Arrays.equals(group.requiredTags(), requiredTags(definition)))
            {
                throw error(where + ": group " + group.name() + " differs from another use of the same layout");
            }
        }

        private static int[] requiredTags(final ContainerDefinition definition)
        {
            final int[] tags = new int[definition.requiredCount()];
            for (int i = 0; i < tags.length; i++)
            {
                tags[i] = definition.requiredAt(i);
            }
            return tags;
        }

        /** Gives every field some root requires a presence bit in the container that lists it. */
        private void trackRequiredFields()
        {
            for (final RootModel root : roots)
            {
                final List<Placement> placements = root.placements();
                for (final int tag : root.requiredTags())
                {
                    final Placement placement = first(placements, tag);
                    if (placement == null)
                    {
                        throw error(root.name() + ": required tag " + tag + " is not in its layout");
                    }
                    if (placement.member() instanceof FieldMember field)
                    {
                        field.tracked = true;
                    }
                }
            }
            final List<ContainerModel> all = new ArrayList<>(roots);
            all.addAll(components.values());
            for (final ContainerModel container : all)
            {
                container.assignBits();
            }
        }

        private GeneratorException error(final String message)
        {
            return new GeneratorException(source + ": " + message);
        }
    }

    /** The first placement of {@code tag} in a root's scope, or null. */
    static Placement first(final List<Placement> placements, final int tag)
    {
        for (final Placement placement : placements)
        {
            if (placement.tag() == tag)
            {
                return placement;
            }
        }
        return null;
    }

    /** Every container of the model: messages, header, components, groups. */
    Collection<ContainerModel> containers()
    {
        final List<ContainerModel> all = new ArrayList<>(messages);
        if (header != null)
        {
            all.add(header);
        }
        all.addAll(components);
        all.addAll(groups);
        return Collections.unmodifiableList(all);
    }
}
