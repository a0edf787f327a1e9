package io.fixtape.codegen;

import io.fixtape.codegen.ContainerModel.ComponentMember;
import io.fixtape.codegen.ContainerModel.FieldMember;
import io.fixtape.codegen.ContainerModel.GroupMember;
import io.fixtape.codegen.ContainerModel.Member;
import io.fixtape.codegen.ContainerModel.Placement;
import io.fixtape.codegen.JavaSource.Param;
import io.fixtape.codegen.JavaSource.TypeKind;
import io.fixtape.codegen.runtime.DecoderScope;
import io.fixtape.codegen.runtime.GroupDecoder;
import io.fixtape.codegen.runtime.Printing;
import io.fixtape.codegen.runtime.ScopeLayout;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.AsciiSequenceView;
import org.agrona.MutableDirectBuffer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PROTECTED;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

/**
 * Writes the decoders: one flyweight per message (and the header) whose {@code wrap} indexes the engine's decoded
 * message in one pass, one per component (a view sharing its owner's scope) and one per repeating group (iterating
 * entries). Accessors read typed values in place through a {@link DecoderScope}; see {@link MemberWriter} for what
 * each field type gets.
 *
 * <p>Generation time only.
 */
final class DecoderGenerator
{
    private final CodecModel model;

    DecoderGenerator(final CodecModel model)
    {
        this.model = model;
    }

    JavaSource message(final MessageModel message)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = message.decoderClass();
        final boolean header = message.msgType() == null;
        out.javadoc(
            (header ? "The standard header of " + model.dictionary().version() + " messages" :
                message.name() + " (35=" + message.msgType() + ")") + " decoder: a flyweight over a message the " +
                "engine has decoded ({@link " + out.type(FixDecoder.class) + "}). {@link #wrap} indexes its fields in " +
                "one pass (components included, repeating groups skipped as a whole; the first occurrence of a tag " +
                "counts); accessors then read values in place. Nothing is allocated after construction; text comes " +
                "as views that stay valid while the message's buffer does.",
            "",
            "<p>Not thread-safe: one instance per thread, reused for every message of this type.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, null);
        if (!header)
        {
            out.javadoc("MsgType " + Names.literal(message.msgType()) + ", packed as the engine packs it.");
            out.field(Set.of(PUBLIC, STATIC, FINAL), "long", "MESSAGE_TYPE", hex(message.packedMsgType()));
        }
        final MemberWriter members = new MemberWriter(out, message, false);
        layout(out, message, Set.of(PRIVATE, STATIC, FINAL), 0);
        out.field(Set.of(PRIVATE, FINAL), out.type(DecoderScope.class), "scope",
            "new " + out.type(DecoderScope.class) + "(LAYOUT.slotCount())");
        members.valueHolders();
        members.componentFields(false);

        out.javadoc("Indexes the fields of {@code decoder}, which holds one whole message; returns this.");
        out.beginMethod(Set.of(PUBLIC), name, "wrap", new Param(out.type(FixDecoder.class), "decoder"));
        out.statement("LAYOUT.scanMessage(decoder, scope)");
        out.statement("return this");
        out.end();

        out.javadoc("The engine's decoded message this decoder reads.");
        out.beginMethod(Set.of(PUBLIC), out.type(FixDecoder.class), "decoder");
        out.statement("return scope.decoder()");
        out.end();

        members.accessors();

        out.javadoc("Appends {@code " + message.name() + "{Field=value, ...}} for the fields present (values as sent).");
        out.beginMethod(Set.of(PUBLIC), out.type(StringBuilder.class), "appendTo",
            new Param(out.type(StringBuilder.class), "out"));
        out.statement("out.append(", Names.literal(message.name() + "{"), ")");
        out.statement("appendFields(out)");
        out.statement("return out.append('}')");
        out.end();

        members.appendFields(Set.of(PRIVATE), "appendFields");

        out.javadoc("For logs and tests (allocates).");
        out.annotation(Override.class);
        out.beginMethod(Set.of(PUBLIC), "String", "toString");
        out.statement("return appendTo(new StringBuilder(256)).toString()");
        out.end();
        out.end();
        return out;
    }

    JavaSource component(final ComponentModel component)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = component.decoderClass();
        out.javadoc("The " + component.name() + " component, read through the scope of the message or group entry " +
            "that holds it: its fields are that scope's fields. Owned by its owner's decoder; allocation-free; not " +
            "thread-safe.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, null);
        out.javadoc("Slots this component takes in its owner's scope.");
        out.field(Set.of(STATIC, FINAL), "int", "SLOT_COUNT", Integer.toString(component.slotCount()));
        final MemberWriter members = new MemberWriter(out, component, true);
        out.field(Set.of(PRIVATE, FINAL), out.type(DecoderScope.class), "scope", null);
        out.field(Set.of(PRIVATE, FINAL), "int", "base", null);
        members.valueHolders();
        members.componentFields(true);

        out.beginMethod(Set.of(), null, name, new Param(out.type(DecoderScope.class), "scope"), new Param("int", "base"));
        out.statement("this.scope = scope");
        out.statement("this.base = base");
        members.constructComponents();
        out.end();

        out.javadoc("Whether any field of this component is present.");
        out.beginMethod(Set.of(PUBLIC), "boolean", "isPresent");
        out.statement("return scope.hasAny(base, SLOT_COUNT)");
        out.end();

        members.accessors();
        members.appendFields(Set.of(), "appendFields");
        out.end();
        return out;
    }

    JavaSource group(final GroupModel group)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = group.decoderClass();
        final FieldModel count = group.countField();
        out.javadoc("The " + count.name() + " (" + count.tag() + ") repeating group: iterate its entries with " +
            "for-each or {@code hasNext()}/{@code next()}; each entry's fields are then read through this object. " +
            "Entries start with tag " + group.delimiterTag() + ". Allocation-free; not thread-safe.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, out.generic(GroupDecoder.class, name));
        final MemberWriter members = new MemberWriter(out, group, false);
        layout(out, group, Set.of(STATIC, FINAL), group.delimiterTag());
        members.valueHolders();
        members.componentFields(false);

        out.beginMethod(Set.of(), null, name);
        out.statement("super(LAYOUT)");
        out.end();

        members.accessors();

        out.annotation(Override.class);
        out.beginMethod(Set.of(PROTECTED), "void", "appendEntry", new Param(out.type(StringBuilder.class), "out"));
        members.appendBody();
        out.end();

        out.annotation(Override.class);
        out.beginMethod(Set.of(PROTECTED), name, "self");
        out.statement("return this");
        out.end();
        out.end();
        return out;
    }

    /**
     * The root's {@link ScopeLayout}: a (tag, slot, nested group) triple per placement and the layouts of the groups
     * its scope holds, so that scanning is table-driven and the same small loop for every message.
     */
    private static void layout(
        final JavaSource out, final RootModel root, final Set<javax.lang.model.element.Modifier> modifiers,
        final int delimiterTag)
    {
        final List<GroupModel> nested = new ArrayList<>();
        final List<String> triples = new ArrayList<>();
        for (final Placement placement : root.placements())
        {
            int groupIndex = ScopeLayout.NOT_A_GROUP;
            if (placement.member() instanceof GroupMember group)
            {
                groupIndex = nested.indexOf(group.group);
                if (groupIndex < 0)
                {
                    groupIndex = nested.size();
                    nested.add(group.group);
                }
            }
            triples.add(placement.tag() + ", " + placement.slot() + ", " + groupIndex);
        }
        final List<String> groups = new ArrayList<>();
        for (final GroupModel group : nested)
        {
            groups.add(group.decoderClass() + ".LAYOUT");
        }
        final String layout = out.type(ScopeLayout.class);
        out.javadoc("The layouts of this scope's repeating groups, by the index the triples below give.");
        out.arrayField(Set.of(PRIVATE, STATIC, FINAL), layout + "[]", "GROUPS", "", groups, "");
        out.javadoc("Slot and nested group of each tag of this scope: (tag, slot, group) triples.");
        out.arrayField(modifiers, layout, "LAYOUT",
            "new " + layout + "(" + root.slotCount() + ", " + delimiterTag + ", GROUPS, new int[] ", triples, ")");
    }

    static String hex(final long value)
    {
        return "0x" + Long.toHexString(value).toUpperCase(java.util.Locale.ROOT) + "L";
    }

    /**
     * The per-member parts of one decoder class: value holders (a view per text field, a {@code Decimal} per decimal
     * field), component and group decoder fields, accessors and the {@code appendTo} lines.
     */
    private static final class MemberWriter
    {
        private final JavaSource out;
        private final ContainerModel container;
        private final boolean component;
        private final Set<String> names = new java.util.HashSet<>();
        private final Set<String> fieldNames = new java.util.HashSet<>(Set.of("scope", "base", "LAYOUT", "GROUPS", "SLOT_COUNT"));

        MemberWriter(final JavaSource out, final ContainerModel container, final boolean component)
        {
            this.out = out;
            this.container = container;
            this.component = component;
        }

        /** The slot of an own member: a literal in a root, {@code base + k} in a component. */
        private String slot(final int slot)
        {
            if (!component)
            {
                return Integer.toString(slot);
            }
            return slot == 0 ? "base" : "base + " + slot;
        }

        void valueHolders()
        {
            for (final Member member : container.members())
            {
                if (member instanceof FieldMember field)
                {
                    final FieldModel f = field.field;
                    if (f.kind() == FieldKind.STRING || f.kind() == FieldKind.DATA)
                    {
                        out.field(Set.of(PRIVATE, FINAL), out.type(AsciiSequenceView.class), claimField(f.property() + "View"),
                            "new " + out.type(AsciiSequenceView.class) + "()");
                    }
                    else if (f.kind() == FieldKind.DECIMAL)
                    {
                        out.field(Set.of(PRIVATE, FINAL), out.type(Decimal.class), claimField(f.property() + "Value"),
                            "new " + out.type(Decimal.class) + "()");
                    }
                }
                else if (member instanceof GroupMember group)
                {
                    out.field(Set.of(PRIVATE, FINAL), group.group.decoderClass(), claimField(group.countField.property()),
                        "new " + group.group.decoderClass() + "()");
                }
            }
        }

        /** Component decoder fields: initialised here in roots, in the constructor in components. */
        void componentFields(final boolean inConstructor)
        {
            for (final Member member : container.members())
            {
                if (member instanceof ComponentMember c)
                {
                    final String type = c.component.decoderClass();
                    out.field(Set.of(PRIVATE, FINAL), type, claimField(c.property()),
                        inConstructor ? null : "new " + type + "(scope, " + c.base + ")");
                }
            }
        }

        void constructComponents()
        {
            for (final Member member : container.members())
            {
                if (member instanceof ComponentMember c)
                {
                    out.statement("this.", c.property(), " = new ", c.component.decoderClass(), "(scope, base + ",
                        Integer.toString(c.base), ")");
                }
            }
        }

        void accessors()
        {
            for (final Member member : container.members())
            {
                if (member instanceof FieldMember field)
                {
                    fieldAccessors(field);
                }
                else if (member instanceof GroupMember group)
                {
                    groupAccessors(group);
                }
                else
                {
                    final ComponentMember c = (ComponentMember)member;
                    out.javadoc("The " + c.component.name() + " component (its fields belong to this scope).");
                    out.beginMethod(Set.of(PUBLIC), c.component.decoderClass(), claim(c.property()));
                    out.statement("return ", c.property());
                    out.end();
                }
            }
        }

        private void fieldAccessors(final FieldMember member)
        {
            final FieldModel field = member.field;
            final String property = field.property();
            final String s = slot(member.slot);
            final String what = field.name() + " (" + field.tag() + ")";
            out.javadoc("Whether " + what + " is present.");
            out.beginMethod(Set.of(PUBLIC), "boolean", claim("has" + Names.capitalized(property)));
            out.statement("return scope.has(", s, ")");
            out.end();
            if (field.hasEnumAccessor())
            {
                final String type = field.enumModel().className();
                out.javadoc(what + " as {@link " + type + "}: {@code NULL_VAL} when absent, {@code UNKNOWN} for a " +
                    "value the dictionary does not define.");
                out.beginMethod(Set.of(PUBLIC), type, claim(property));
                out.beginBlock("if (!scope.has(" + s + "))");
                out.statement("return ", type, ".NULL_VAL");
                out.end();
                out.statement("return ", type, ".decode(scope.buffer(), scope.valueOffset(", s, "), scope.valueLength(",
                    s, "))");
                out.end();
                valueAccessor(member, property + "Raw", false);
            }
            else
            {
                valueAccessor(member, property, true);
            }
        }

        private void valueAccessor(final FieldMember member, final String method, final boolean withAsString)
        {
            final FieldModel field = member.field;
            final String s = slot(member.slot);
            final String what = field.name() + " (" + field.tag() + ", " + field.typeName() + ")";
            switch (field.kind())
            {
                case INT:
                    simple(method, "int", "intValue", s, what + "; {@code Integer.MIN_VALUE} when absent or malformed.");
                    break;
                case LONG:
                    simple(method, "long", "longValue", s, what + "; {@code Long.MIN_VALUE} when absent or malformed.");
                    break;
                case CHAR:
                    simple(method, "char", "charValue", s, what + "; 0 when absent or not one character.");
                    break;
                case BOOLEAN:
                    simple(method, "boolean", "booleanValue", s, what + ": true for Y; false when N or absent.");
                    break;
                case TIMESTAMP:
                    simple(method, "long", "timestamp", s,
                        what + " in epoch nanoseconds; {@code Long.MIN_VALUE} when absent or malformed.");
                    break;
                case DATE:
                    simple(method, "int", "date", s,
                        what + " in days since 1970-01-01; {@code Integer.MIN_VALUE} when absent or malformed.");
                    break;
                case DECIMAL:
                    decimal(method, s, what);
                    break;
                default:
                    text(member, method, s, what, withAsString);
                    break;
            }
        }

        private void simple(final String method, final String type, final String read, final String s, final String doc)
        {
            out.javadoc(doc);
            out.beginMethod(Set.of(PUBLIC), type, claim(method));
            out.statement("return scope.", read, "(", s, ")");
            out.end();
        }

        private void decimal(final String method, final String s, final String what)
        {
            final String decimal = out.type(Decimal.class);
            out.javadoc(what + " as an exact decimal held by this decoder (overwritten by the next call); mantissa " +
                "{@code Long.MIN_VALUE} when absent or malformed.");
            out.beginMethod(Set.of(PUBLIC), decimal, claim(method));
            out.statement("return scope.decimal(", s, ", ", valueHolder(method, "Value"), ")");
            out.end();
            out.javadoc(what + " into {@code out}; false (and {@code out} unchanged) when absent or malformed.");
            out.beginMethod(Set.of(PUBLIC), "boolean", method, new Param(decimal, "out"));
            out.statement("return scope.decimalInto(", s, ", out)");
            out.end();
        }

        private void text(
            final FieldMember member, final String method, final String s, final String what, final boolean withAsString)
        {
            final FieldModel field = member.field;
            out.javadoc(what + " as a view over the message (no copy); empty when absent.");
            out.beginMethod(Set.of(PUBLIC), out.type(CharSequence.class), claim(method));
            out.statement("return scope.string(", s, ", ", valueHolder(method, "View"), ")");
            out.end();
            if (withAsString)
            {
                out.javadoc(what + " as a new String (allocates); null when absent.");
                out.beginMethod(Set.of(PUBLIC), "String", claim(method + "AsString"));
                out.statement("return scope.stringAsString(", s, ")");
                out.end();
            }
            if (field.kind() == FieldKind.DATA)
            {
                out.javadoc(what + " copied into {@code destination}; returns its length, or -1 when absent.");
                out.beginMethod(Set.of(PUBLIC), "int", method, new Param(out.type(MutableDirectBuffer.class), "destination"),
                    new Param("int", "offset"));
                out.statement("return scope.bytes(", s, ", destination, offset)");
                out.end();
            }
        }

        /** The holder field of an accessor: named after the property (a Raw accessor shares the property's). */
        private static String valueHolder(final String method, final String suffix)
        {
            final String property = method.endsWith("Raw") ? method.substring(0, method.length() - 3) : method;
            return property + suffix;
        }

        private void groupAccessors(final GroupMember member)
        {
            final String property = member.countField.property();
            final String s = slot(member.slot);
            final String what = member.countField.name() + " (" + member.countField.tag() + ")";
            out.javadoc("Whether the " + what + " repeating group is present.");
            out.beginMethod(Set.of(PUBLIC), "boolean", claim("has" + Names.capitalized(property)));
            out.statement("return scope.has(", s, ")");
            out.end();
            out.javadoc("The " + what + " repeating group, positioned before its first entry (none when absent).");
            out.beginMethod(Set.of(PUBLIC), member.group.decoderClass(), claim(property));
            out.statement("return ", property, ".wrap(scope.decoder(), scope.index(", s, "))");
            out.end();
        }

        /** {@code appendFields(out)} of a root or component. */
        void appendFields(final Set<javax.lang.model.element.Modifier> modifiers, final String name)
        {
            out.beginMethod(modifiers, "void", name, new Param(out.type(StringBuilder.class), "out"));
            appendBody();
            out.end();
        }

        void appendBody()
        {
            for (final Member member : container.members())
            {
                if (member instanceof FieldMember field)
                {
                    final String s = slot(field.slot);
                    final String name = Names.literal(field.field.name());
                    if (field.field.hasEnumAccessor())
                    {
                        out.beginBlock("if (scope.appendField(out, " + name + ", " + s + "))");
                        out.statement("out.append(\" (\").append(", field.field.property(), "().name()).append(')')");
                        out.end();
                    }
                    else
                    {
                        out.statement("scope.appendField(out, ", name, ", ", s, ")");
                    }
                }
                else if (member instanceof GroupMember group)
                {
                    out.beginBlock("if (scope.has(" + slot(group.slot) + "))");
                    out.statement(out.type(Printing.class), ".name(out, ", Names.literal(group.countField.name()), ")");
                    out.statement(group.countField.property(), "().appendTo(out)");
                    out.end();
                }
                else
                {
                    out.statement(((ComponentMember)member).property(), ".appendFields(out)");
                }
            }
        }

        /** Records a method name of this class; two FIX names mapping to one Java name are a dictionary problem. */
        /** Records a field name of this class (fields and methods are separate name spaces in Java). */
        private String claimField(final String name)
        {
            if (!fieldNames.add(name))
            {
                throw new GeneratorException(container.name() + ": two fields would be named " + name);
            }
            return name;
        }

        private String claim(final String name)
        {
            if (!names.add(name))
            {
                throw new GeneratorException(container.name() + ": two members would be named " + name);
            }
            return name;
        }
    }
}
