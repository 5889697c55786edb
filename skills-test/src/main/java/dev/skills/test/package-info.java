/**
 * Test support for applications that use Agent Skills:
 * {@link dev.skills.test.SkillFixtures} writes skill folders,
 * {@link dev.skills.test.ScriptedChatModel} is a {@code ChatModel} that calls tools by
 * script, and {@link dev.skills.test.ChatCompletionsStub} is an OpenAI-compatible Chat
 * Completions server on loopback for tests that go through the real OpenAI client.
 */
@NullMarked
package dev.skills.test;

import org.jspecify.annotations.NullMarked;
