package io.fixtape.codegen;

import io.fixtape.codegen.JavaSource.Param;
import io.fixtape.codegen.JavaSource.TypeKind;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static javax.lang.model.element.Modifier.DEFAULT;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

/**
 * Writes the per-package helpers: {@code MessageTypes} (one packed MsgType constant per message, and its name) and
 * {@code MessageDispatcher} (hands a decoded message to a handler method for its type through one reusable decoder
 * per type, selected by a {@code switch} on the packed MsgType).
 *
 * <p>Generation time only.
 */
final class DispatchGenerator
{
    private final CodecModel model;

    DispatchGenerator(final CodecModel model)
    {
        this.model = model;
    }

    JavaSource messageTypes()
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        out.javadoc("The MsgType (35) values of " + model.dictionary().version() + ", packed as the engine packs " +
            "them ({@code MsgTypes.pack}). Stateless.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, "MessageTypes", null);
        for (final MessageModel message : model.messages())
        {
            out.javadoc(message.name() + ", MsgType " + Names.literal(message.msgType()) + ".");
            out.field(Set.of(PUBLIC, STATIC, FINAL), "long", Names.constant(message.name()),
                DecoderGenerator.hex(message.packedMsgType()));
        }
        out.beginMethod(Set.of(PRIVATE), null, "MessageTypes");
        out.end();

        out.javadoc("The message name for a packed MsgType, or null when this dictionary does not define it.");
        out.beginMethod(Set.of(PUBLIC, STATIC), "String", "name", new Param("long", "msgType"));
        final List<String> longTypes = new ArrayList<>();
        out.beginBlock("if ((msgType & 0xFFFFFFFF00000000L) == 0)");
        out.beginBlock("switch ((int)msgType)");
        for (final MessageModel message : model.messages())
        {
            if (fitsInt(message))
            {
                out.line("case " + DecoderGenerator.hex(message.packedMsgType()).replace("L", "") + ": return " +
                    Names.literal(message.name()) + ";");
            }
            else
            {
                longTypes.add(message.name());
            }
        }
        out.line("default: break;");
        out.end();
        out.end();
        for (final MessageModel message : model.messages())
        {
            if (!fitsInt(message))
            {
                out.beginBlock("if (msgType == " + Names.constant(message.name()) + ")");
                out.statement("return ", Names.literal(message.name()));
                out.end();
            }
        }
        out.statement("return null");
        out.end();
        out.end();
        return out;
    }

    JavaSource dispatcher()
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String fixDecoder = out.type(FixDecoder.class);
        final String session = out.type(SessionHandle.class);
        out.javadoc(
            "Hands each message to the {@link Handler} method for its type, through one decoder per type that is " +
                "created on the first message of that type and reused after (so steady-state dispatch allocates " +
                "nothing). Call it from {@code Application.onMessage} (and {@code onAdminMessage} for session-level " +
                "types).",
            "",
            "<p>Not thread-safe: one dispatcher per thread.");
        out.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, "MessageDispatcher", null);

        out.javadoc("One method per message type; each defaults to {@link #onUnhandled}.");
        out.beginType(Set.of(PUBLIC), TypeKind.INTERFACE, "Handler", null);
        for (final MessageModel message : model.messages())
        {
            out.javadoc(message.name() + " (35=" + message.msgType() + ") messages.");
            out.beginMethod(Set.of(DEFAULT), "void", "on" + message.classBase(),
                new Param(message.decoderClass(), "message"), new Param(session, "session"));
            out.statement("onUnhandled(message.decoder(), session)");
            out.end();
        }
        out.javadoc("A message whose type has no overridden method, or that this dictionary does not define.");
        out.beginMethod(Set.of(DEFAULT), "void", "onUnhandled", new Param(fixDecoder, "message"),
            new Param(session, "session"));
        out.end();
        out.end();

        out.field(Set.of(PRIVATE, FINAL), "Handler", "handler", null);
        for (final MessageModel message : model.messages())
        {
            out.field(Set.of(PRIVATE), message.decoderClass(), Names.property(message.name()), null);
        }

        out.beginMethod(Set.of(PUBLIC), null, "MessageDispatcher", new Param("Handler", "handler"));
        out.statement("this.handler = handler");
        out.end();

        out.javadoc("Decodes {@code message} with its type's decoder and calls the handler; returns whether this " +
            "dictionary defines the type.");
        out.beginMethod(Set.of(PUBLIC), "boolean", "dispatch", new Param(fixDecoder, "message"),
            new Param(session, "session"));
        out.statement("final long msgType = message.msgType()");
        out.beginBlock("if ((msgType & 0xFFFFFFFF00000000L) == 0)");
        out.beginBlock("switch ((int)msgType)");
        for (final MessageModel message : model.messages())
        {
            if (fitsInt(message))
            {
                out.beginCase("case " + DecoderGenerator.hex(message.packedMsgType()).replace("L", "") + ":");
                dispatchCase(out, message);
                out.endCase();
            }
        }
        out.line("default: break;");
        out.end();
        out.end();
        for (final MessageModel message : model.messages())
        {
            if (!fitsInt(message))
            {
                out.beginBlock("if (msgType == " + message.decoderClass() + ".MESSAGE_TYPE)");
                dispatchCase(out, message);
                out.end();
            }
        }
        out.statement("handler.onUnhandled(message, session)");
        out.statement("return false");
        out.end();
        for (final MessageModel message : model.messages())
        {
            decoderGetter(out, message);
        }
        out.end();
        return out;
    }

    private static void dispatchCase(final JavaSource out, final MessageModel message)
    {
        out.statement("handler.on", message.classBase(), "(", Names.property(message.name()), "().wrap(message), session)");
        out.statement("return true");
    }

    /** The decoder of one type, created on first use: keeps each case of {@code dispatch} a call and a return. */
    private static void decoderGetter(final JavaSource out, final MessageModel message)
    {
        final String field = Names.property(message.name());
        out.beginMethod(Set.of(PRIVATE), message.decoderClass(), field);
        out.beginBlock("if (" + field + " == null)");
        out.statement(field, " = new ", message.decoderClass(), "()");
        out.end();
        out.statement("return ", field);
        out.end();
    }

    private static boolean fitsInt(final MessageModel message)
    {
        return (message.packedMsgType() & 0xFFFFFFFF00000000L) == 0;
    }
}
