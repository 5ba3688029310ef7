import PopModel

/// A content tree with every kind of node, for the model's, the layout's and the renderers' tests.
package enum SampleContent {
    package static let tree = ContentNode(
        .vstack(
            spacing: 12, alignment: .center,
            children: [
                ContentNode(.text("Title", size: 17, weight: .semibold, color: 0x112233FF, alignment: .leading, maxLines: 1)),
                ContentNode(
                    .overlay(
                        alignment: .fill,
                        children: [
                            ContentNode(.image(name: "logo", width: 20, height: 20)),
                            ContentNode(.textField(id: "user", placeholder: "Name", secure: false)),
                        ])),
                ContentNode(
                    .hstack(
                        spacing: 8, alignment: .center,
                        children: [
                            ContentNode(.button("No", style: .cancel, action: "no")), ContentNode(.spacer(minLength: 4)),
                            ContentNode(.textField(id: "pin", placeholder: "", secure: true)),
                            ContentNode(.button("Yes", style: .default, action: "yes")),
                        ])),
                ContentNode(.divider, background: 0xCCCCCCFF),
            ]),
        padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), background: 0xFFFFFFFF, cornerRadius: 8,
        border: .init(width: 1, color: 0x000000FF))
}
