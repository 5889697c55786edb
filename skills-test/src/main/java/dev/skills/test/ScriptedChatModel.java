package dev.skills.test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A {@link ChatModel} that plays the model by script, for tests of an application's
 * {@code ChatClient}: each call takes the next step of the script (a tool call, several
 * tool calls, a text answer, or any answer computed from the prompt), and once the script
 * is used up a rule set with {@link #otherwise(Function)} answers, or the call fails with
 * an {@link IllegalStateException} naming the prompt. Its options support tools, so the
 * real tool-calling loop of {@code ChatClient} runs: the skill tools execute and their
 * results come back in the next prompt. Every prompt is recorded for assertions.
 * Thread-safe: calls are served one at a time.
 */
public final class ScriptedChatModel implements ChatModel {

	// Tool call ids are unique across models, as a real model's are within a
	// conversation.
	private static final AtomicLong CALL_IDS = new AtomicLong();

	private final Deque<Function<Prompt, AssistantMessage>> script = new ArrayDeque<>();

	private final List<Prompt> prompts = new ArrayList<>();

	private @Nullable Function<Prompt, AssistantMessage> rule;

	/**
	 * Answer the next prompt with a message computed from it.
	 * @param step the answer for the prompt
	 * @return this model
	 */
	public synchronized ScriptedChatModel then(Function<Prompt, AssistantMessage> step) {
		this.script.add(step);
		return this;
	}

	/**
	 * Answer the next prompt with a call of one tool.
	 * @param tool the tool name, such as {@code activate_skill}
	 * @param arguments the arguments as JSON, such as {@code {"skill_name":"pdf"}}
	 * @return this model
	 */
	public ScriptedChatModel thenCall(String tool, String arguments) {
		return thenCalls(tool, arguments);
	}

	/**
	 * Answer the next prompt with several tool calls at once.
	 * @param toolsAndArguments tool name, arguments as JSON, tool name, arguments...
	 * @return this model
	 * @throws IllegalArgumentException if the names and arguments do not pair up
	 */
	public ScriptedChatModel thenCalls(String... toolsAndArguments) {
		if (toolsAndArguments.length == 0 || toolsAndArguments.length % 2 != 0) {
			throw new IllegalArgumentException(
					"Expected tool name, arguments pairs, got " + toolsAndArguments.length + " values");
		}
		List<String> pairs = List.of(toolsAndArguments);
		return then((prompt) -> toolCalls(pairs));
	}

	/**
	 * Answer the next prompt with text, which ends the tool loop.
	 * @param text the answer
	 * @return this model
	 */
	public ScriptedChatModel thenAnswer(String text) {
		return then((prompt) -> answer(text));
	}

	/**
	 * Answer every prompt that comes after the script is used up, for a model that plays
	 * by rule rather than by a fixed sequence.
	 * @param rule the answer for a prompt
	 * @return this model
	 */
	public synchronized ScriptedChatModel otherwise(Function<Prompt, AssistantMessage> rule) {
		this.rule = rule;
		return this;
	}

	/**
	 * The prompts received so far.
	 * @return the prompts, oldest first
	 */
	public synchronized List<Prompt> prompts() {
		return List.copyOf(this.prompts);
	}

	/**
	 * An assistant message that calls one tool, for steps and rules.
	 * @param tool the tool name
	 * @param arguments the arguments as JSON
	 * @return the message
	 */
	public static AssistantMessage toolCall(String tool, String arguments) {
		return toolCalls(List.of(tool, arguments));
	}

	/**
	 * An assistant message that answers with text, for steps and rules.
	 * @param text the answer
	 * @return the message
	 */
	public static AssistantMessage answer(String text) {
		return AssistantMessage.builder().content(text).build();
	}

	private static AssistantMessage toolCalls(List<String> toolsAndArguments) {
		List<AssistantMessage.ToolCall> calls = new ArrayList<>();
		for (int i = 0; i < toolsAndArguments.size(); i += 2) {
			calls.add(new AssistantMessage.ToolCall("call-" + CALL_IDS.incrementAndGet(), "function",
					toolsAndArguments.get(i), toolsAndArguments.get(i + 1)));
		}
		return AssistantMessage.builder().content("").toolCalls(calls).build();
	}

	@Override
	public synchronized ChatResponse call(Prompt prompt) {
		this.prompts.add(prompt);
		Function<Prompt, AssistantMessage> step = this.script.poll();
		if (step == null) {
			step = this.rule;
		}
		if (step == null) {
			throw new IllegalStateException("The script has no answer for prompt " + this.prompts.size());
		}
		return new ChatResponse(List.of(new Generation(step.apply(prompt))));
	}

	@Override
	public Flux<ChatResponse> stream(Prompt prompt) {
		return Flux.defer(() -> Flux.just(call(prompt)));
	}

	@Override
	public ChatOptions getDefaultOptions() {
		// Without tool-calling options ChatClient drops every tool and runs no loop.
		return ToolCallingChatOptions.builder().build();
	}

	@Override
	public ChatOptions getOptions() {
		return getDefaultOptions();
	}

}
