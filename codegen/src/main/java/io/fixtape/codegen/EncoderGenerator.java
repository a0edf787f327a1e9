package io.fixtape.codegen;

import io.fixtape.codegen.ContainerModel.ComponentMember;
import io.fixtape.codegen.ContainerModel.FieldMember;
import io.fixtape.codegen.ContainerModel.GroupMember;
import io.fixtape.codegen.ContainerModel.Member;
import io.fixtape.codegen.ContainerModel.Placement;
import io.fixtape.codegen.JavaSource.Param;
import io.fixtape.codegen.JavaSource.TypeKind;
import io.fixtape.codegen.runtime.EncoderScope;
import io.fixtape.codegen.runtime.GroupEncoder;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixEncoder;
import org.agrona.DirectBuffer;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PROTECTED;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

/**
 * Writes the encoders: one per message (writing its body into the session's outbound {@link FixEncoder} in call
 * order), one per component (sharing its owner's {@link EncoderScope}) and one per repeating group (staging and
 * counting entries). With required-field checks on, every field some message requires sets a presence bit and
 * {@code complete()} reports the first required tag not written, in the order the engine's validator checks them;
 * with checks off that code is not generated at all.
 *
 * <p>Generation time only.
 */
final class EncoderGenerator
{
    private final CodecModel model;

    EncoderGenerator(final CodecModel model)
    {
        this.model = model;
    }

    JavaSource message(final MessageModel message)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = message.encoderClass();
        final String fixEncoder = out.type(FixEncoder.class);
        out.javadoc(
            message.name() + " (35=" + message.msgType() + ") encoder: writes the body of a message begun with " +
                "{@code session.newMessage(MESSAGE_TYPE)} (see {@link #wrap(" + out.type(SessionHandle.class) + ")}), " +
                "fields in call order. A repeating group's NumInGroup and entries are written when the next field or " +
                "group of this message is, or by {@link #complete()}: call it before {@code session.send()}" +
                (model.requiredChecks() ? "; it also returns the first required tag not written." : "."),
            "",
            "<p>Allocation-free. Not thread-safe: one instance per thread, reused for every message of this type.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, null);
        out.javadoc("MsgType " + Names.literal(message.msgType()) + ", packed as the engine packs it.");
        out.field(Set.of(PUBLIC, STATIC, FINAL), "long", "MESSAGE_TYPE", DecoderGenerator.hex(message.packedMsgType()));
        final String scope = out.type(EncoderScope.class);
        out.field(Set.of(PRIVATE, FINAL), scope, "scope", "new " + scope + "()");
        final MemberWriter members = new MemberWriter(out, message, name);
        members.fields(false);

        out.javadoc("Begins this message on {@code session} ({@code session.newMessage(MESSAGE_TYPE)}); returns this.");
        out.beginMethod(Set.of(PUBLIC), name, "wrap", new Param(out.type(SessionHandle.class), "session"));
        out.statement("return wrap(session.newMessage(MESSAGE_TYPE))");
        out.end();

        out.javadoc("Writes this message's body to {@code encoder}, whose header is already written; returns this.");
        out.beginMethod(Set.of(PUBLIC), name, "wrap", new Param(fixEncoder, "encoder"));
        out.statement("scope.wrap(encoder)");
        out.statement("reset()");
        out.statement("return this");
        out.end();

        members.setters();

        if (model.requiredChecks())
        {
            out.javadoc("Writes any open repeating group and returns the first required tag not written (0 when " +
                "complete), in the order the engine's validator checks them; then a group entry's missing member, if any.");
        }
        else
        {
            out.javadoc("Writes any open repeating group; returns 0 (required-field checks were not generated).");
        }
        out.beginMethod(Set.of(PUBLIC), "int", "complete");
        out.statement("scope.close()");
        checks(out, message);
        out.statement("return 0");
        out.end();

        out.beginMethod(Set.of(), "void", "reset");
        members.resetBody();
        out.end();
        out.end();
        return out;
    }

    JavaSource component(final ComponentModel component)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = component.encoderClass();
        out.javadoc("The " + component.name() + " component: its setters write to the message or group entry that " +
            "holds it, in call order. Owned by its owner's encoder; allocation-free; not thread-safe.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, null);
        out.field(Set.of(PRIVATE, FINAL), out.type(EncoderScope.class), "scope", null);
        final MemberWriter members = new MemberWriter(out, component, name);
        members.fields(true);

        out.beginMethod(Set.of(), null, name, new Param(out.type(EncoderScope.class), "scope"));
        out.statement("this.scope = scope");
        for (final Member member : component.members())
        {
            if (member instanceof ComponentMember c)
            {
                out.statement("this.", c.property(), " = new ", c.component.encoderClass(), "(scope)");
            }
        }
        out.end();

        members.setters();

        out.beginMethod(Set.of(), "void", "reset");
        members.resetBody();
        out.end();
        out.end();
        return out;
    }

    JavaSource group(final GroupModel group)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = group.encoderClass();
        final FieldModel count = group.countField();
        out.javadoc("The " + count.name() + " (" + count.tag() + ") repeating group: {@code next()} starts an entry " +
            "(write its delimiter, tag " + group.delimiterTag() + ", first). NumInGroup counts the entries and is " +
            "written with them when the owner writes its next field or completes. Allocation-free once the staging " +
            "buffer has grown; not thread-safe.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, name, out.generic(GroupEncoder.class, name));
        final MemberWriter members = new MemberWriter(out, group, name);
        members.fields(false);

        out.beginMethod(Set.of(), null, name);
        out.statement("super(", Integer.toString(count.tag()), ", ", Integer.toString(group.delimiterTag()), ", ",
            Boolean.toString(model.requiredChecks()), ")");
        out.end();

        members.setters();

        out.annotation(Override.class);
        out.beginMethod(Set.of(PROTECTED), "void", "resetEntry");
        members.resetBody();
        out.end();

        out.annotation(Override.class);
        out.beginMethod(Set.of(PROTECTED), "int", "missingInEntry");
        checks(out, group);
        out.statement("return 0");
        out.end();

        out.annotation(Override.class);
        out.beginMethod(Set.of(PROTECTED), name, "self");
        out.statement("return this");
        out.end();
        out.end();
        return out;
    }

    /** The required tags of a root in the engine's order, then the first missing member of any group entry. */
    private void checks(final JavaSource out, final RootModel root)
    {
        if (!model.requiredChecks())
        {
            return;
        }
        final List<Placement> placements = root.placements();
        for (final int tag : root.requiredTags())
        {
            final Placement placement = CodecModel.first(placements, tag);
            if (placement.member() instanceof FieldMember field)
            {
                out.beginBlock("if ((" + placement.pathPrefix() + presenceWord(field.bit) + " & " + mask(field.bit) +
                    ") == 0)");
            }
            else
            {
                final GroupMember group = (GroupMember)placement.member();
                out.beginBlock("if (" + placement.pathPrefix() + group.countField.property() + ".count() == 0)");
            }
            out.statement("return ", Integer.toString(tag));
            out.end();
        }
        boolean declared = false;
        for (final Placement placement : placements)
        {
            if (placement.member() instanceof GroupMember group)
            {
                final String read = placement.pathPrefix() + group.countField.property() + ".missingRequiredTag()";
                out.statement(declared ? "" : "int ", "missing = ", read);
                declared = true;
                out.beginBlock("if (missing != 0)");
                out.statement("return missing");
                out.end();
            }
        }
    }

    private static String presenceWord(final int bit)
    {
        return "present" + (bit >>> 6);
    }

    private static String mask(final int bit)
    {
        return DecoderGenerator.hex(1L << (bit & 63));
    }

    /** The per-member parts of one encoder class: owned encoders, presence words, setters, reset. */
    private final class MemberWriter
    {
        private final JavaSource out;
        private final ContainerModel container;
        private final String self;
        private final Set<String> names = new HashSet<>();

        MemberWriter(final JavaSource out, final ContainerModel container, final String self)
        {
            this.out = out;
            this.container = container;
            this.self = self;
        }

        /** Component and group encoders (package-private: a root's checks reach into them), presence words. */
        void fields(final boolean componentsInConstructor)
        {
            for (final Member member : container.members())
            {
                if (member instanceof ComponentMember c)
                {
                    final String type = c.component.encoderClass();
                    out.field(Set.of(FINAL), type, c.property(), componentsInConstructor ? null : "new " + type + "(scope)");
                }
                else if (member instanceof GroupMember g)
                {
                    final String type = g.group.encoderClass();
                    out.field(Set.of(FINAL), type, g.countField.property(), "new " + type + "()");
                }
            }
            for (int word = 0; word * 64 < container.bitCount(); word++)
            {
                out.field(Set.of(), "long", "present" + word, null);
            }
        }

        void resetBody()
        {
            for (int word = 0; word * 64 < container.bitCount(); word++)
            {
                out.statement("present", Integer.toString(word), " = 0");
            }
            for (final Member member : container.members())
            {
                if (member instanceof ComponentMember c)
                {
                    out.statement(c.property(), ".reset()");
                }
                else if (member instanceof GroupMember g)
                {
                    out.statement(g.countField.property(), ".reset()");
                }
            }
        }

        void setters()
        {
            for (final Member member : container.members())
            {
                if (member instanceof FieldMember field)
                {
                    fieldSetters(field);
                }
                else if (member instanceof GroupMember group)
                {
                    final String property = group.countField.property();
                    out.javadoc("Opens the " + group.countField.name() + " (" + group.countField.tag() + ") repeating " +
                        "group; add entries with {@code next()}.");
                    out.beginMethod(Set.of(PUBLIC), group.group.encoderClass(), claim(property));
                    out.statement("scope.open(", property, ")");
                    out.statement("return ", property);
                    out.end();
                }
                else
                {
                    final ComponentMember c = (ComponentMember)member;
                    out.javadoc("The " + c.component.name() + " component (its fields are written to this scope).");
                    out.beginMethod(Set.of(PUBLIC), c.component.encoderClass(), claim(c.property()));
                    out.statement("return ", c.property());
                    out.end();
                }
            }
        }

        private void fieldSetters(final FieldMember member)
        {
            final FieldModel field = member.field;
            final String what = field.name() + " (" + field.tag() + ", " + field.typeName() + ")";
            claim(field.property());
            if (field.hasEnumAccessor())
            {
                final EnumModel enumModel = field.enumModel();
                out.javadoc("Writes " + what + "; {@code NULL_VAL} and {@code UNKNOWN} write nothing.");
                out.beginMethod(Set.of(PUBLIC), self, field.property(), new Param(enumModel.className(), "value"));
                out.beginBlock("if (value.isDefined())");
                final String put = enumModel.base() == EnumModel.Base.CHAR ? "putChar" :
                    enumModel.base() == EnumModel.Base.INT ? "putInt" : "putString";
                out.statement("scope.out().", put, "(", Integer.toString(field.tag()), ", value.value())");
                mark(member);
                out.end();
                out.statement("return this");
                out.end();
            }
            final String tag = Integer.toString(field.tag());
            switch (field.kind())
            {
                case INT:
                    setter(member, what, "putInt(" + tag + ", value)", new Param("int", "value"));
                    break;
                case LONG:
                    setter(member, what, "putLong(" + tag + ", value)", new Param("long", "value"));
                    break;
                case CHAR:
                    setter(member, what, "putChar(" + tag + ", value)", new Param("char", "value"));
                    break;
                case BOOLEAN:
                    setter(member, what + " as Y or N", "putBoolean(" + tag + ", value)", new Param("boolean", "value"));
                    break;
                case DECIMAL:
                    setter(member, what, "putDecimal(" + tag + ", value)", new Param(out.type(Decimal.class), "value"));
                    setter(member, what + " as {@code mantissa * 10^-scale}", "putDecimal(" + tag + ", mantissa, scale)",
                        new Param("long", "mantissa"), new Param("int", "scale"));
                    break;
                case TIMESTAMP:
                    setter(member, what + " from epoch nanoseconds, at the encoder's timestamp precision",
                        "putUtcTimestamp(" + tag + ", epochNanos)", new Param("long", "epochNanos"));
                    setter(member, what + " from epoch nanoseconds with {@code precision} fraction digits (0 to 9)",
                        "putUtcTimestamp(" + tag + ", epochNanos, precision)", new Param("long", "epochNanos"),
                        new Param("int", "precision"));
                    break;
                case DATE:
                    setter(member, what + " from days since 1970-01-01", "putLocalMktDate(" + tag + ", epochDay)",
                        new Param("int", "epochDay"));
                    break;
                case DATA:
                    setter(member, what, "putBytes(" + tag + ", value)", new Param("byte[]", "value"));
                    setter(member, what + " from ASCII text", "putString(" + tag + ", value)",
                        new Param(out.type(CharSequence.class), "value"));
                    bufferSetter(member, what, tag);
                    break;
                default:
                    setter(member, what + ", ASCII", "putString(" + tag + ", value)",
                        new Param(out.type(CharSequence.class), "value"));
                    bufferSetter(member, what, tag);
                    break;
            }
        }

        private void bufferSetter(final FieldMember member, final String what, final String tag)
        {
            setter(member, what + " from {@code buffer[offset, offset + length)}",
                "putBytes(" + tag + ", buffer, offset, length)", new Param(out.type(DirectBuffer.class), "buffer"),
                new Param("int", "offset"), new Param("int", "length"));
        }

        private void setter(final FieldMember member, final String doc, final String put, final Param... params)
        {
            out.javadoc("Writes " + doc + ".");
            out.beginMethod(Set.of(PUBLIC), self, member.field.property(), params);
            out.statement("scope.out().", put);
            mark(member);
            out.statement("return this");
            out.end();
        }

        private void mark(final FieldMember member)
        {
            if (member.bit >= 0)
            {
                out.statement(presenceWord(member.bit), " |= ", mask(member.bit));
            }
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
