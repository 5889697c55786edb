package dev.skills.boot.sets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import tools.jackson.databind.JsonNode;

/**
 * A dozen skills in two tenant sets and a tag set, each with marker text in its
 * description, body and bundled file, and what the stub model was sent.
 */
final class SetSkills {

	static final List<String> ACME = List.of("acme-invoice", "acme-refund", "acme-welcome", "acme-secret");

	static final List<String> GLOBEX = List.of("globex-invoice", "globex-report", "globex-help", "globex-hidden");

	static final List<String> OTHERS = List.of("shared-faq", "ops-runbook", "ops-deploy", "admin-keys");

	// Tagged customer: the customer set.
	static final List<String> CUSTOMER = List.of("acme-welcome", "globex-help", "shared-faq");

	static final Map<String, List<String>> SETS = Map.of("acme", ACME, "globex", GLOBEX, "customer", CUSTOMER);

	private SetSkills() {
	}

	static void write(Path root) {
		List<String> all = new ArrayList<>(ACME);
		all.addAll(GLOBEX);
		all.addAll(OTHERS);
		for (String name : all) {
			write(root, name);
		}
	}

	static Path write(Path root, String name) {
		String tags = CUSTOMER.contains(name) ? "metadata:\n  tags: [customer, web]\n" : "";
		Path folder = SkillFixtures.rawSkill(root, name, "---\nname: " + name + "\ndescription: Handles " + name
				+ " work " + marker(name, "DESC") + ".\n" + tags + "---\n" + marker(name, "BODY") + "\n");
		SkillFixtures.file(folder, "references/notes.md", marker(name, "FILE"));
		return folder;
	}

	static String marker(String name, String part) {
		return "MK" + name.replace("-", "") + part;
	}

	// Every marker of every skill outside the set.
	static List<String> markersOutside(List<String> set) {
		List<String> markers = new ArrayList<>();
		for (String name : allNames()) {
			if (!set.contains(name)) {
				markers.add(name);
				markers.add(marker(name, "DESC"));
				markers.add(marker(name, "BODY"));
				markers.add(marker(name, "FILE"));
			}
		}
		return markers;
	}

	static List<String> allNames() {
		List<String> all = new ArrayList<>(ACME);
		all.addAll(GLOBEX);
		all.addAll(OTHERS);
		return all;
	}

	// Everything the model was sent, as one text.
	static String sent(ChatCompletionsStub openAi) {
		return openAi.requests().toString();
	}

	// The text of the last tool result the model was sent.
	static String lastToolResult(ChatCompletionsStub openAi) {
		List<JsonNode> requests = openAi.requests();
		String result = null;
		for (JsonNode message : requests.get(requests.size() - 1).get("messages")) {
			if ("tool".equals(message.get("role").asString())) {
				result = message.get("content").asString();
			}
		}
		return result;
	}

	// The tool names of a request.
	static List<String> tools(JsonNode request) {
		List<String> names = new ArrayList<>();
		JsonNode tools = request.get("tools");
		if (tools != null) {
			tools.forEach((tool) -> names.add(tool.get("function").get("name").asString()));
		}
		return names;
	}

}
