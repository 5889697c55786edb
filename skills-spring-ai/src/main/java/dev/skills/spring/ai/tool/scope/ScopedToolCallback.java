package dev.skills.spring.ai.tool.scope;

import java.util.Collection;
import java.util.function.Function;

import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.metadata.ToolMetadata;

/**
 * Wraps a tool so that its use is checked against the skills active at the moment of the
 * call. The tool list of a request is fixed when the request starts; a skill activated
 * during the same request still restricts the tools the model calls afterwards.
 */
final class ScopedToolCallback implements ToolCallback {

	private final ToolCallback delegate;

	private final Function<@Nullable ToolContext, Collection<SkillMeta>> activeSkills;

	ScopedToolCallback(ToolCallback delegate, Function<@Nullable ToolContext, Collection<SkillMeta>> activeSkills) {
		this.delegate = delegate;
		this.activeSkills = activeSkills;
	}

	ToolCallback delegate() {
		return this.delegate;
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.delegate.getToolDefinition();
	}

	@Override
	public ToolMetadata getToolMetadata() {
		return this.delegate.getToolMetadata();
	}

	@Override
	public String call(String toolInput) {
		return call(toolInput, null);
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		String denial = ToolRules.denial(this.activeSkills.apply(toolContext),
				this.delegate.getToolDefinition().name());
		if (denial != null) {
			return "Error: " + denial + ". Use another tool or finish without it.";
		}
		return (toolContext != null) ? this.delegate.call(toolInput, toolContext) : this.delegate.call(toolInput);
	}

}
