package dev.skills.spring.ai;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.internal.tools.ToolRules;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * Puts the request's skill tools into its options and narrows its other tools by the
 * active skills' {@code allowed-tools} and {@code disallowed-tools}. The tool list is
 * fixed when the request starts, so each remaining tool checks again when called: a skill
 * activated during the request still restricts the tools called after it. The tool
 * context carries the conversation, the skills present and the request's snapshot to the
 * skill tools.
 */
final class ToolScoping {

	private static final Log logger = LogFactory.getLog(SkillsAdvisor.class);

	private final ActiveSkillsRepository activeSkills;

	// In session mode the pinned skill alone scopes a call; earlier pins do not.
	private final boolean followActivations;

	ToolScoping(ActiveSkillsRepository activeSkills, boolean followActivations) {
		this.activeSkills = activeSkills;
		this.followActivations = followActivations;
	}

	@Nullable ChatOptions apply(@Nullable ChatOptions options, RequestSkills request) {
		if (!(options instanceof ToolCallingChatOptions toolOptions)) {
			if (!request.tools().isEmpty()) {
				logger.debug("The chat model's options do not support tools; skills are offered without tools");
			}
			return options;
		}
		List<ToolCallback> callbacks = new ArrayList<>(request.tools());
		List<ToolCallback> requested = toolOptions.getToolCallbacks();
		for (ToolCallback tool : (requested != null) ? requested : List.<ToolCallback>of()) {
			String name = tool.getToolDefinition().name();
			if (ToolScope.isSkillTool(name)) {
				continue;
			}
			ToolCallback plain = (tool instanceof ScopedToolCallback scoped) ? scoped.delegate() : tool;
			if (ToolRules.allows(request.active(), name)) {
				callbacks.add(new ScopedToolCallback(plain, (context) -> activeAtCall(context, request)));
			}
		}
		Map<String, Object> context = new HashMap<>();
		if (toolOptions.getToolContext() != null) {
			context.putAll(toolOptions.getToolContext());
		}
		context.put(SkillsToolContext.CONVERSATION_ID, request.conversationId());
		context.put(SkillsToolContext.PRESENT_SKILLS, request.present());
		context.put(SkillsToolContext.SNAPSHOT, request.snapshot());
		return toolOptions.mutate().toolCallbacks(callbacks).toolContext(context).build();
	}

	// The skills active when a tool is called: those of the request, plus any activated
	// since.
	private Collection<SkillMeta> activeAtCall(@Nullable ToolContext context, RequestSkills request) {
		String conversationId = (context != null) ? SkillsToolContext.conversationId(context.getContext()) : null;
		if (!this.followActivations || conversationId == null) {
			return request.active();
		}
		Map<String, SkillMeta> active = new LinkedHashMap<>();
		request.active().forEach((skill) -> active.put(skill.name(), skill));
		for (ActiveSkill skill : this.activeSkills.findByConversationId(conversationId)) {
			request.snapshot().get(skill.name()).ifPresent((meta) -> active.putIfAbsent(meta.name(), meta));
		}
		return active.values();
	}

}
