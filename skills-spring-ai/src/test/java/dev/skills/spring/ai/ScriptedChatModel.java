package dev.skills.spring.ai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

import reactor.core.publisher.Flux;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A chat model that answers from a script and records every prompt it receives: the only
 * fake in these tests (shared with the auto-configuration tests through this module's
 * test jar). Its options support tools, so the real tool-calling loop of ChatClient runs.
 */
public final class ScriptedChatModel implements ChatModel {

	private final Deque<Function<Prompt, AssistantMessage>> script = new ArrayDeque<>();

	public final List<Prompt> prompts = new ArrayList<>();

	public ScriptedChatModel then(Function<Prompt, AssistantMessage> step) {
		this.script.add(step);
		return this;
	}

	public ScriptedChatModel thenCall(String tool, String arguments) {
		return then((prompt) -> AssistantMessage.builder()
			.content("")
			.toolCalls(
					List.of(new AssistantMessage.ToolCall("call-" + this.prompts.size(), "function", tool, arguments)))
			.build());
	}

	/**
	 * Answer with several tool calls at once: tool name, arguments, tool name,
	 * arguments...
	 */
	public ScriptedChatModel thenCalls(String... toolsAndArguments) {
		return then((prompt) -> {
			List<AssistantMessage.ToolCall> calls = new ArrayList<>();
			for (int i = 0; i + 1 < toolsAndArguments.length; i += 2) {
				calls.add(new AssistantMessage.ToolCall("call-" + this.prompts.size() + "-" + i, "function",
						toolsAndArguments[i], toolsAndArguments[i + 1]));
			}
			return AssistantMessage.builder().content("").toolCalls(calls).build();
		});
	}

	public ScriptedChatModel thenAnswer(String text) {
		return then((prompt) -> AssistantMessage.builder().content(text).build());
	}

	@Override
	public synchronized ChatResponse call(Prompt prompt) {
		this.prompts.add(prompt);
		Function<Prompt, AssistantMessage> step = this.script.poll();
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
		return ToolCallingChatOptions.builder().build();
	}

	@Override
	public ChatOptions getOptions() {
		return getDefaultOptions();
	}

}
