package dev.skills.spring.ai.tool.scope;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.skills.spring.ai.tool.SkillsToolContext;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A {@link ToolCallingManager} that answers a call to a tool the skills left out of the
 * request (forbidden by an active skill, or {@code activate_skill} in session mode) with
 * the refusal the model can act on, where Spring AI would fail the whole request ("No
 * ToolCallback found"). Everything else goes to the manager it wraps, which runs every
 * call, the refused ones included, so its limits, observations and resolver apply as
 * before; a name the skills do not refuse keeps that manager's behaviour.
 * <p>
 * The {@code SkillsAdvisor} names the refused tools of each request in its tool context
 * ({@link SkillsToolContext#REFUSED_TOOLS}). A {@code ToolCallbackResolver} could not do
 * this: it sees a tool name, not the request whose skills refuse it. The Spring Boot
 * auto-configuration wraps the application's manager; without Boot, give the
 * {@code ChatClient} a {@code ToolCallingAdvisor} built with this manager.
 */
public final class SkillsToolCallingManager implements ToolCallingManager {

	private final ToolCallingManager delegate;

	/**
	 * Wrap a tool-calling manager.
	 * @param delegate the manager that runs the calls, for example
	 * {@code ToolCallingManager.builder().build()}
	 */
	public SkillsToolCallingManager(ToolCallingManager delegate) {
		this.delegate = delegate;
	}

	@Override
	public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions chatOptions) {
		return this.delegate.resolveToolDefinitions(chatOptions);
	}

	@Override
	public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse chatResponse) {
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options)) {
			return this.delegate.executeToolCalls(prompt, chatResponse);
		}
		Map<String, String> refused = SkillsToolContext.refusedTools(options.getToolContext());
		List<ToolCallback> offered = (options.getToolCallbacks() != null) ? options.getToolCallbacks() : List.of();
		Set<String> offeredNames = offered.stream()
			.map((tool) -> tool.getToolDefinition().name())
			.collect(Collectors.toSet());
		List<ToolCallback> refusals = calledNames(chatResponse).stream()
			.filter((name) -> !offeredNames.contains(name) && refused.containsKey(name))
			.map((name) -> (ToolCallback) new RefusedToolCallback(name, refused.get(name)))
			.toList();
		if (refusals.isEmpty()) {
			return this.delegate.executeToolCalls(prompt, chatResponse);
		}
		List<ToolCallback> callbacks = new ArrayList<>(offered);
		callbacks.addAll(refusals);
		Prompt withRefusals = Prompt.builder()
			.messages(prompt.getInstructions())
			.chatOptions(options.mutate().toolCallbacks(callbacks).build())
			.build();
		return this.delegate.executeToolCalls(withRefusals, chatResponse);
	}

	// The distinct names the model called, in order: the tool calls of the first
	// generation that has any, the one Spring AI runs.
	private static List<String> calledNames(ChatResponse response) {
		return response.getResults()
			.stream()
			.map(Generation::getOutput)
			.filter(AssistantMessage::hasToolCalls)
			.findFirst()
			.map((message) -> message.getToolCalls().stream().map(AssistantMessage.ToolCall::name).distinct().toList())
			.orElse(List.of());
	}

}
