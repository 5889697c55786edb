package dev.skills.spring.ai.set;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;

/**
 * Names the skill set of a request that does not name one in its advisor context (the key
 * {@code skills.set} wins when both answer): from a tenant header, the security
 * principal, the agent. Called on the request's thread, once per request.
 */
@FunctionalInterface
public interface SkillSetResolver {

	/**
	 * The set of this request.
	 * @param request the request, with its advisor context
	 * @return the set's name, or {@code null} for the default set
	 */
	@Nullable String resolve(ChatClientRequest request);

}
